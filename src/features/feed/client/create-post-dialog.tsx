import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { ProgressBar } from '~/client/components/ui/progress-bar';
import { Button } from '~/client/components/ui/button';
import { FormCheckboxField } from '~/client/components/ui/checkbox-field';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { HiddenFileInput } from '~/client/components/ui/hidden-file-input';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { uploadFile } from '~/client/lib/upload';
import { createPostSchema, type MediaUploadResponse } from '../feed.schema';
import {
  ACCEPTED_MEDIA,
  MAX_VIDEO_BYTES,
  POST_MAX_LENGTH,
  awardText,
  type MediaType,
} from '../feed.constants';
import { useCreatePost } from './feed.queries';

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
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const [media, setMedia] = useState<PickedMedia | null>(null);
  // The photo or video is not typed in: the contract sees the finished upload's id, if any.
  const toInput = (fields: { content: string; isAnonymous: boolean }) => ({
    ...fields,
    ...(media?.id ? { mediaId: media.id } : {}),
  });
  const form = useContractForm(createPostSchema, {
    defaultValues: { content: '', isAnonymous: false },
    toInput,
  });
  const [content, isAnonymous] = useWatch({ control: form.control, name: ['content', 'isAnonymous'] });
  const checked = createPostSchema.safeParse(toInput({ content, isAnonymous }));
  // Said as it is typed, in place of the count; blank text needs no words (Post just stays disabled).
  const tooLong = checked.error?.issues.find((issue) => issue.code === 'too_big')?.message;

  const reset = () => {
    uploadAbort.current?.abort();
    form.reset();
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
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Post not shared');
    },
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
    uploadFile<MediaUploadResponse>('/feed/media', file, {
      onProgress: (progress) =>
        setMedia((current) => (current?.previewUrl === previewUrl ? { ...current, progress } : current)),
      signal: abort.signal,
    })
      .then(({ media: uploaded }) =>
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
  const canPost = checked.success && !uploading && !create.isPending;
  const submit = form.handleSubmit((post) => create.mutate(post));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogPanel title="Create a new post" className="sm:max-w-lg">
        <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <TextareaField
            label="Post text"
            hideLabel
            placeholder="What's on your mind?"
            error={tooLong ?? form.formState.errors.content?.message}
            description={
              tooLong ? undefined : (
                <span className="block text-right tabular">
                  {content.length}/{POST_MAX_LENGTH}
                </span>
              )
            }
            {...form.register('content')}
          />

          {media ? (
            <MediaPreview media={media} onRemove={() => (uploadAbort.current?.abort(), setMedia(null))} />
          ) : (
            <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
              <ImagePlus className="size-5" aria-hidden />
              Add photo or video
            </Button>
          )}
          <HiddenFileInput
            ref={fileInput}
            accept={ACCEPTED_MEDIA}
            aria-label="Photo or video"
            onPick={pick}
          />

          <div>
            <FormCheckboxField control={form.control} name="isAnonymous" label="Post anonymously" />
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
        <ProgressBar
          label={`Uploading ${media.name}`}
          value={percent}
          max={100}
          tone={done ? 'accent' : 'primary'}
          className="h-1.5 flex-1"
        />
        <span className="w-24 text-right text-xs text-text-muted tabular" aria-live="polite">
          {done ? 'Uploaded' : `Uploading ${percent}%`}
        </span>
      </div>
    </div>
  );
}
