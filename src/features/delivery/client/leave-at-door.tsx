import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { HiddenFileInput } from '~/client/components/ui/hidden-file-input';
import { ProgressBar } from '~/client/components/ui/progress-bar';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { formatTimeOfDay } from '~/client/lib/format-time';
import { toast } from '~/client/lib/toast';
import { useNow } from '~/client/lib/use-clock';
import { DOOR_NOTE_MAX_LENGTH } from '~/features/shop/orders.constants';
import { leftAtDoorSchema, type DriverOrderView } from '../delivery.schema';
import { useLeaveAtDoor } from './run.queries';

/**
 * Nobody answering: once the promised time has passed, or 10 minutes after Notify Customer (the server's
 * `leftAtDoorFrom`), the driver may leave the order at the door with a photo and a note instead of the code.
 */
export function LeaveAtDoor({ order, clockOffsetMs }: { order: DriverOrderView; clockOffsetMs: number }) {
  const serverNow = useNow(5_000) + clockOffsetMs;
  const [open, setOpen] = useState(false);
  if (!order.leftAtDoorFrom) return null;
  const from = Date.parse(order.leftAtDoorFrom);
  if (serverNow < from) {
    return (
      <p className="text-sm text-text-muted">
        Nobody answering? From{' '}
        <time dateTime={order.leftAtDoorFrom} className="font-semibold text-text tabular">
          {formatTimeOfDay(from - clockOffsetMs)}
        </time>{' '}
        you can leave it at the door with a photo.
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Camera className="size-5" aria-hidden />
        Nobody answering? Leave it at the door
      </Button>
    );
  }
  return <LeaveAtDoorForm order={order} onCancel={() => setOpen(false)} />;
}

function LeaveAtDoorForm({ order, onCancel }: { order: DriverOrderView; onCancel: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<{ file: File; url: string } | undefined>();
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState(0);
  // The preview's URL is released when another photo replaces it, and when the form goes.
  const previewUrl = useRef<string | undefined>(undefined);
  useEffect(() => () => void (previewUrl.current && URL.revokeObjectURL(previewUrl.current)), []);
  const form = useContractForm(leftAtDoorSchema, { defaultValues: { note: '' } });
  const leave = useLeaveAtDoor({
    onSuccess: () =>
      toast.success('Order Delivered!', { description: 'Left at the door: the member sees your photo.' }),
    onError: (error) => {
      if (!form.setServerErrors(error)) setPhotoError(error.message);
      showErrorToast(error, 'Not left at the door');
    },
  });
  const submit = form.handleSubmit(({ note }) => {
    if (!photo) {
      setPhotoError('Take a photo of the order at the door.');
      return;
    }
    setProgress(0);
    leave.mutate({ orderId: order.id, file: photo.file, note, onProgress: setProgress });
  });
  const headingId = `door-${order.id}`;
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-raised p-4"
    >
      <h4 id={headingId} className="text-base font-semibold">
        Leave it at the door
      </h4>
      <fieldset disabled={leave.isPending} className="flex flex-col gap-3">
        <legend className="sr-only">Photo and note</legend>
        <HiddenFileInput
          ref={input}
          accept="image/png,image/jpeg,image/webp"
          capture="environment"
          aria-label="Photo of the order at the door"
          onPick={(picked) => {
            if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
            previewUrl.current = URL.createObjectURL(picked);
            setPhoto({ file: picked, url: previewUrl.current });
            setPhotoError(undefined);
          }}
        />
        {photo && (
          <img
            src={photo.url}
            alt="Your photo of the order at the door"
            className="max-h-56 rounded-lg object-contain"
          />
        )}
        <Button
          type="button"
          variant="secondary"
          aria-describedby={photoError ? `${headingId}-error` : undefined}
          onClick={() => input.current?.click()}
        >
          <Camera className="size-5" aria-hidden />
          {photo ? 'Take another photo' : 'Take a photo'}
        </Button>
        {photoError && (
          <p id={`${headingId}-error`} role="alert" className="text-sm text-danger">
            {photoError}
          </p>
        )}
        <TextField
          label="Note for the member (optional)"
          placeholder="Behind the planter by the door"
          maxLength={DOOR_NOTE_MAX_LENGTH}
          {...form.field('note')}
        />
        {leave.isPending && (
          <ProgressBar
            label="Uploading the photo"
            value={Math.round(progress * 100)}
            max={100}
            valueText={`${Math.round(progress * 100)}%`}
            tone="primary"
          />
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          <Button type="submit" size="lg" pending={leave.isPending}>
            {leave.isPending ? 'Sending…' : 'Leave at Door'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
