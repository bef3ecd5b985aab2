import {
  createContext,
  useContext,
  useEffect,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import type { Dialog as RadixDialog } from 'radix-ui';
import { Slot } from 'radix-ui';
import { toast } from '~/client/lib/toast';
import { onDemandModule } from '~/client/lib/on-demand';
import { Button, type ButtonProps } from './button';
import { Spinner } from './spinner';

/**
 * Dialogs whose code loads on demand. Radix's dialog (focus trap, scroll lock, dismissal; about 11 kB gzip) is not
 * needed to show a page, only to open a dialog on it, so it is fetched once the page has settled, or when a
 * pointer or focus reaches a trigger; a dialog opened before then shows its backdrop at once and itself as soon as
 * the code is in. Until a dialog has first opened, its trigger is the same element with a plain click handler.
 * Only dialog-parts.ts imports Radix's dialog (eslint.config.js).
 */
type Parts = typeof RadixDialog;

const radixDialog = onDemandModule(() => import('./dialog-parts').then((module) => module.Dialog));

interface DialogState {
  /** Radix's dialog once this dialog has opened (or its code was in when it mounted); until then, undefined. */
  parts: Parts | undefined;
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Opened before its code is in: the backdrop shows meanwhile, and Radix's does not fade in again after it. */
  openedEarly: boolean;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(part: string): DialogState {
  const state = useContext(DialogContext);
  if (!state) throw new Error(`${part} rendered outside a Dialog.Root.`);
  return state;
}

/** A dialog, always controlled: `open` says whether it shows, `onOpenChange` hears the trigger, Escape and Close. */
function Root({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [parts, setParts] = useState(radixDialog.current);
  const preloaded = radixDialog.current();
  // Opened after the preload: Radix's dialog renders in this very render.
  if (open && !parts && preloaded) setParts(preloaded);
  const [openedEarly, setOpenedEarly] = useState(false);
  if (open && !parts && !preloaded && !openedEarly) setOpenedEarly(true);
  if (!open && openedEarly) setOpenedEarly(false);
  useEffect(() => {
    if (parts) return;
    if (!open) return radixDialog.preloadWhenSettled();
    let cancelled = false;
    radixDialog.load().then(
      (loaded) => !cancelled && setParts(loaded),
      () => {
        if (cancelled) return;
        toast.error('The dialog did not open', { description: 'Check your connection and try again.' });
        onOpenChange?.(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, parts, onOpenChange]);

  const state = { parts, open, onOpenChange, openedEarly };
  return (
    <DialogContext.Provider value={state}>
      {parts ? (
        <parts.Root open={open} onOpenChange={onOpenChange}>
          {children}
        </parts.Root>
      ) : (
        children
      )}
    </DialogContext.Provider>
  );
}

/** The element that opens the dialog (and gets focus back when it closes). */
function Trigger({ children }: { children: ReactElement }) {
  const { parts, open, onOpenChange } = useDialog('Dialog.Trigger');
  if (parts) return <parts.Trigger asChild>{children}</parts.Trigger>;
  return (
    <Slot.Root
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onPointerEnter={radixDialog.preload}
      onFocus={radixDialog.preload}
      onClick={() => onOpenChange?.(true)}
    >
      {children}
    </Slot.Root>
  );
}

/** An element inside the open dialog that closes it. */
function Close({ children }: { children: ReactElement }) {
  const { parts } = useDialog('Dialog.Close');
  if (!parts) throw new Error('Dialog.Close rendered before the dialog opened.');
  return <parts.Close asChild>{children}</parts.Close>;
}

/** `Dialog.Root` with `Dialog.Trigger`, a `DialogPanel` and, inside it, `Dialog.Close`: the kit's one dialog. */
export const Dialog = { Root, Trigger, Close };

interface DialogPanelProps extends ComponentProps<Parts['Content']> {
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
 * `Dialog.Root` and add the buttons as children. Nothing renders until the dialog's code is in.
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
  const { parts: Radix, open, openedEarly } = useDialog('DialogPanel');
  if (!Radix) return open ? <EarlyBackdrop /> : null;
  const stop = (event: Event) => event.preventDefault();
  return (
    <Radix.Portal>
      <Radix.Overlay
        className={`${BACKDROP} data-[state=closed]:animate-fade-out ${openedEarly ? '' : 'data-[state=open]:animate-fade-in'}`}
      />
      <Radix.Content
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
        <Radix.Title className="text-xl font-semibold tracking-tight text-text">{title}</Radix.Title>
        {description && (
          <Radix.Description className="mt-2 text-base leading-relaxed text-text-muted">
            {description}
          </Radix.Description>
        )}
        {children}
      </Radix.Content>
    </Radix.Portal>
  );
}

const BACKDROP = 'fixed inset-0 z-50 bg-background/80 backdrop-blur-sm';

/**
 * The backdrop of a dialog opened before its code is in (a tap on a slow connection, a first visitor's age gate):
 * the tap shows at once, and the page behind takes no other tap meanwhile. Not on the server: no document.
 */
function EarlyBackdrop() {
  if (typeof document === 'undefined') return null;
  return createPortal(<div aria-hidden data-early-backdrop className={BACKDROP} />, document.body);
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
  /** The closing button's label, where "Cancel" would read like the action ("Keep order" beside "Cancel order"). */
  cancelLabel?: string;
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
  cancelLabel = 'Cancel',
  className = '',
}: DialogActionsProps) {
  return (
    <div className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>
      <Dialog.Close>
        <Button type="button" variant="secondary" disabled={cancelDisabled}>
          {cancelLabel}
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

/** The footer of a dialog that asks nothing (it shows, or acts row by row): Close, at the end. */
export function DialogCloseFooter({ className = '' }: { className?: string }) {
  return (
    <div className={`flex justify-end ${className}`}>
      <Dialog.Close>
        <Button type="button" variant="secondary">
          Close
        </Button>
      </Dialog.Close>
    </div>
  );
}
