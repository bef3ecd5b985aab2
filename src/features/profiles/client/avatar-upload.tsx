import { Camera } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { HiddenFileInput } from '~/client/components/ui/hidden-file-input';
import { Spinner } from '~/client/components/ui/spinner';
import { showErrorToast } from '~/client/lib/error-toast';
import type { SessionUser } from '~/shared/session';
import { useUploadAvatar } from './profiles.queries';

/** What the picker offers; the server decides the real type from the file's bytes. */
const ACCEPTED_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** The member's avatar with a control to replace it (re-encoded and stripped of metadata on the server). */
export function AvatarUpload({ user }: { user: SessionUser }) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadAvatar({
    onSuccess: () => toast.success('Avatar updated'),
    onError: (error) => showErrorToast(error, 'Upload Failed'),
  });

  return (
    <div className="flex shrink-0 flex-col items-center gap-2">
      <div className="relative size-28">
        <img
          src={user.avatarUrl}
          alt={`${user.fullName}'s avatar`}
          width={112}
          height={112}
          className="size-28 rounded-full border border-border bg-surface-raised object-cover"
        />
        {upload.isPending && (
          <div className="absolute inset-0 grid place-items-center rounded-full bg-background/70 text-text">
            <Spinner />
          </div>
        )}
      </div>
      <HiddenFileInput
        ref={input}
        accept={ACCEPTED_TYPES}
        aria-label="Avatar image"
        onPick={(file) => upload.mutate(file)}
      />
      <Button
        variant="secondary"
        aria-describedby={hintId}
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? <Spinner /> : <Camera className="size-5" aria-hidden />}
        {upload.isPending ? 'Uploading…' : 'Change Avatar'}
      </Button>
      <p id={hintId} className="max-w-44 text-center text-xs text-text-muted">
        PNG, JPEG, GIF or WebP. Square images work best, under 2 MB.
      </p>
    </div>
  );
}
