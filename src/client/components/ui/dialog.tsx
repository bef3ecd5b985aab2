import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

interface DialogPanelProps extends ComponentProps<typeof Dialog.Content> {
  title: string;
  description?: ReactNode;
  /** A choice the visitor must make: Escape and clicks outside do nothing. */
  blocking?: boolean;
  /**
   * Focus the dialog itself on open rather than its first button, where no answer should look preselected
   * (the age gate). Screen readers still start at the title.
   */
  focusDialogOnOpen?: boolean;
}

/**
 * A centred dialog with its title and description; Radix traps focus and returns it on close. Put it inside a
 * `Dialog.Root` and add the buttons as children.
 */
export function DialogPanel({
  title,
  description,
  blocking,
  focusDialogOnOpen,
  children,
  className = '',
  ...props
}: DialogPanelProps) {
  const stop = (event: Event) => event.preventDefault();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-background/80 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <Dialog.Content
        onOpenAutoFocus={
          focusDialogOnOpen
            ? (event) => {
                event.preventDefault();
                (event.currentTarget as HTMLElement | null)?.focus();
              }
            : undefined
        }
        onEscapeKeyDown={blocking ? stop : undefined}
        onPointerDownOutside={blocking ? stop : undefined}
        onInteractOutside={blocking ? stop : undefined}
        // Without a description Radix expects the attribute to be explicitly absent.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl outline-none border border-border bg-surface p-6 shadow-2xl shadow-background data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in ${className}`}
        {...props}
      >
        <Dialog.Title className="text-xl font-semibold tracking-tight text-text">{title}</Dialog.Title>
        {description && (
          <Dialog.Description className="mt-2 text-base leading-relaxed text-text-muted">
            {description}
          </Dialog.Description>
        )}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

export interface DialogActionsProps {
  /** The action's label: 'Sign In', 'Delete', 'Send Report'. */
  confirmLabel: ReactNode;
  /** Shows the spinner in the action and disables it. */
  pending: boolean;
  /** Without it the action submits the dialog's form. */
  onConfirm?: () => void;
  variant?: ButtonProps['variant'];
  /** Disables the action for another reason too (nothing to send yet). */
  disabled?: boolean;
  /** Keeps the dialog open while the action runs (an upload in progress). */
  cancelDisabled?: boolean;
  className?: string;
}

/** A dialog's footer: Cancel, which closes it, and the one action, with its spinner while it runs. */
export function DialogActions({
  confirmLabel,
  pending,
  onConfirm,
  variant = 'primary',
  disabled,
  cancelDisabled,
  className = '',
}: DialogActionsProps) {
  return (
    <div className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>
      <Dialog.Close asChild>
        <Button type="button" variant="secondary" disabled={cancelDisabled}>
          Cancel
        </Button>
      </Dialog.Close>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={variant}
        disabled={pending || disabled}
        onClick={onConfirm}
      >
        {pending && <Spinner />}
        {confirmLabel}
      </Button>
    </div>
  );
}
