import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';

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
        <DialogActions
          className="mt-6"
          variant="danger"
          confirmLabel={confirmLabel}
          pending={pending}
          onConfirm={onConfirm}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}
