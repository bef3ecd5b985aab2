import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '~/client/components/ui/button';
import { DialogPanel } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';

/** "Delete Post? This action cannot be undone.": a plain-words confirmation naming the thing. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogPanel title={title} description={description}>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="button" variant="danger" disabled={pending} onClick={onConfirm}>
            {pending && <Spinner />}
            {confirmLabel}
          </Button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
