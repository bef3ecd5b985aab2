import { ImagePlus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '~/client/components/ui/button';
import { CheckboxField } from '~/client/components/ui/checkbox-field';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import { ACCEPTED_MEDIA, MAX_VIDEO_BYTES, POST_MAX_LENGTH, awardText, type MediaType } from '../feed.schema';
import { useCreatePost } from './feed.queries';
import { uploadPostMedia } from './upload-media';

interface PickedMedia {
  /** A local preview of the picked file. */
  previewUrl: string;
  type: MediaType;
  name: string;
  /** 0 to 1 while uploading. */
  progress: number;
  /** The server's id once the upload has finished. */
  id?: string;
}

const isVideoFile = (file: File) => file.type.startsWith('video/') || /\.(mov|mp4|webm)$/i.test(file.name);

/**
 * 'Create a new post': text, an optional photo or video (uploaded as soon as it is picked, with a progress bar)
 * and Post anonymously. Post stays disabled, and Enter does nothing, until there is text or finished media.
 */
export function CreatePostDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const [content, setContent] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [media, setMedia] = useState<PickedMedia | null>(null);

  const reset = () => {
    uploadAbort.current?.abort();
    setContent('');
    setIsAnonymous(false);
    setMedia(null);
  };
  // The preview's object URL is released when it is replaced or the dialog goes.
  useEffect(() => () => (media ? URL.revokeObjectURL(media.previewUrl) : undefined), [media?.previewUrl]); // eslint-disable-line react-hooks/exhaustive-deps

  const create = useCreatePost({
    onSuccess: ({ award }) => {
      toast.success('Post shared!', { description: awardText(award) });
      reset();
      onOpenChange(false);
    },
    onError: (error) => showErrorToast(error, 'Post not shared'),
  });

  const pick = (file: File) => {
    const type: MediaType = isVideoFile(file) ? 'video' : 'image';
    if (type === 'video' && file.size > MAX_VIDEO_BYTES) {
      toast.error('Upload Failed', {
        description: `The video is too large. Videos can be up to ${MAX_VIDEO_BYTES / 1024 / 1024} MB.`,
      });
      return;
    }
    uploadAbort.current?.abort();
    const abort = new AbortController();
    uploadAbort.current = abort;
    const previewUrl = URL.createObjectURL(file);
    setMedia({ previewUrl, type, name: file.name, progress: 0 });
    uploadPostMedia(
      file,
      (progress) =>
        setMedia((current) => (current?.previewUrl === previewUrl ? { ...current, progress } : current)),
      abort.signal,
    )
      .then((uploaded) =>
        setMedia((current) =>
          current?.previewUrl === previewUrl
            ? { ...current, progress: 1, id: uploaded.id, type: uploaded.type }
            : current,
        ),
      )
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setMedia((current) => (current?.previewUrl === previewUrl ? null : current));
        showErrorToast(error, 'Upload Failed');
      });
  };

  const uploading = media !== null && media.id === undefined;
  const over = content.length > POST_MAX_LENGTH;
  const canPost =
    (content.trim().length > 0 || media?.id !== undefined) && !uploading && !over && !create.isPending;
  const submit = () => {
    if (!canPost) return;
    create.mutate({ content, isAnonymous, ...(media?.id ? { mediaId: media.id } : {}) });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogPanel title="Create a new post" className="sm:max-w-lg">
        <form
          noValidate
          className="mt-5 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-content`} className="sr-only">
              Post text
            </label>
            <textarea
              id={`${id}-content`}
              value={content}
              onChange={(event) => setContent(event.target.value)}
              rows={4}
              placeholder="What's on your mind?"
              aria-invalid={over || undefined}
              aria-describedby={`${id}-count`}
              className="min-h-28 w-full resize-y rounded-xl border border-border bg-background px-3.5 py-3 text-base text-text placeholder:text-text-muted/70 transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger"
            />
            <p
              id={`${id}-count`}
              className={`text-right text-xs tabular ${over ? 'text-danger' : 'text-text-muted'}`}
            >
              {over
                ? `Keep your post under ${POST_MAX_LENGTH.toLocaleString('en-US')} characters.`
                : `${content.length}/${POST_MAX_LENGTH}`}
            </p>
          </div>

          {media ? (
            <MediaPreview media={media} onRemove={() => (uploadAbort.current?.abort(), setMedia(null))} />
          ) : (
            <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
              <ImagePlus className="size-5" aria-hidden />
              Add photo or video
            </Button>
          )}
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_MEDIA}
            aria-label="Photo or video"
            className="hidden"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) pick(file);
            }}
          />

          <div>
            <CheckboxField checked={isAnonymous} onCheckedChange={setIsAnonymous} label="Post anonymously" />
            <p className="pl-9 text-xs text-text-muted">
              Members see “Anonymous”. Moderators can look up the author if a post breaks the rules.
            </p>
          </div>

          <DialogActions
            confirmLabel="Post"
            pending={create.isPending}
            disabled={!canPost}
            cancelDisabled={create.isPending}
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}

function MediaPreview({ media, onRemove }: { media: PickedMedia; onRemove: () => void }) {
  const percent = Math.round(media.progress * 100);
  const done = media.id !== undefined;
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-xl border border-border bg-surface-raised">
        {media.type === 'video' ? (
          <video
            src={media.previewUrl}
            muted
            playsInline
            className="max-h-64 w-full object-contain"
            aria-label={media.name}
          />
        ) : (
          <img
            src={media.previewUrl}
            alt={`Preview of ${media.name}`}
            className="max-h-64 w-full object-contain"
          />
        )}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${media.type === 'video' ? 'video' : 'photo'}`}
          className="absolute top-2 right-2 grid size-11 place-items-center rounded-full bg-background/80 text-text hover:bg-background"
        >
          <X className="size-5" aria-hidden />
        </button>
      </div>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`Uploading ${media.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-surface-raised"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-200 ${done ? 'bg-accent' : 'bg-primary'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <span className="w-24 text-right text-xs text-text-muted tabular" aria-live="polite">
          {done ? 'Uploaded' : `Uploading ${percent}%`}
        </span>
      </div>
    </div>
  );
}
