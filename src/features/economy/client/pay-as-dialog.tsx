import { Banknote, Wallet, type LucideIcon } from 'lucide-react';
import { useId, type ReactElement } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogPanel } from '~/client/components/ui/dialog';
import { formatCents } from '~/shared/money';
import type { PayAs } from '../rewards.constants';

/**
 * Approving a reward worth store credit ("$100 Cash or Store Credit"): the staff member chooses how the member is
 * paid. Neither answer is preselected: the dialog itself takes focus, and Tab reaches the two choices.
 */
export function PayAsDialog({
  title,
  memberName,
  creditCents,
  open,
  onOpenChange,
  trigger,
  pending,
  onChoose,
}: {
  title: string;
  memberName: string;
  creditCents: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
  /** The choice being sent, if any: its button shows the spinner and nothing else can be pressed. */
  pending: PayAs | undefined;
  onChoose: (payAs: PayAs) => void;
}) {
  const amount = formatCents(creditCents);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <DialogPanel
        title={`Approve "${title}"?`}
        description={`It is worth ${amount}. Choose how ${memberName} is paid.`}
        focusDialogOnOpen
      >
        <div role="group" aria-label="How the member is paid" className="mt-5 flex flex-col gap-4">
          <Choice
            icon={Wallet}
            label={`Store credit (${amount})`}
            explanation="Added to their balance now; it pays for their next orders."
            variant="primary"
            pending={pending === 'credit'}
            disabled={pending !== undefined}
            onClick={() => onChoose('credit')}
          />
          <Choice
            icon={Banknote}
            label="Cash (paid by hand)"
            explanation={`The reward goes to their cart and rides on their next order; hand them ${amount} in cash.`}
            variant="secondary"
            pending={pending === 'cash'}
            disabled={pending !== undefined}
            onClick={() => onChoose('cash')}
          />
        </div>
        <div className="mt-6 flex justify-end">
          <Dialog.Close>
            <Button type="button" variant="ghost" disabled={pending !== undefined}>
              Cancel
            </Button>
          </Dialog.Close>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}

function Choice({
  icon: Icon,
  label,
  explanation,
  variant,
  pending,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  explanation: string;
  variant: 'primary' | 'secondary';
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const explanationId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Button
        type="button"
        variant={variant}
        size="lg"
        pending={pending}
        disabled={disabled}
        aria-describedby={explanationId}
        onClick={onClick}
        className="w-full"
      >
        {!pending && <Icon className="size-5" aria-hidden />}
        <span className="tabular">{label}</span>
      </Button>
      <p id={explanationId} className="text-sm text-text-muted">
        {explanation}
      </p>
    </div>
  );
}
