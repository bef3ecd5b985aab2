import type { ReactElement, ReactNode } from 'react';
import { Dialog, DialogActions, DialogPanel } from './dialog';

/**
 * "Delete Post? This action cannot be undone.": a plain-words confirmation naming the thing, with Cancel and the
 * destructive action. Give it the button that opens it as `trigger`, so focus returns there when it closes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** See DialogActions. */
  cancelLabel?: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger>{trigger}</Dialog.Trigger>}
      <DialogPanel title={title} description={description}>
        <DialogActions
          className="mt-6"
          variant="danger"
          confirmLabel={confirmLabel}
          {...(cancelLabel ? { cancelLabel } : {})}
          pending={pending}
          onConfirm={onConfirm}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}
