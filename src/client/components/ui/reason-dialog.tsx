import { X } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { useContractForm } from '~/client/lib/form';
import { Button } from './button';
import { Dialog, DialogActions, DialogPanel } from './dialog';
import { TextareaField } from './textarea-field';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/**
 * A staff decision that needs a reason the member reads (refuse a reward, decline a request to join): a secondary
 * button (`triggerLabel`, with an ✕) that opens a dialog with the Reason field and the destructive action.
 * `submit` sends the reason: the dialog closes when it resolves; when it rejects, the server's field error lands
 * under the field (the caller's mutation shows the toasts). `schema` is the route's contract for the reason.
 */
export function ReasonDialog({
  triggerLabel,
  disabled = false,
  describedBy,
  ...form
}: {
  triggerLabel: string;
  disabled?: boolean;
  describedBy?: string;
} & ReasonFormProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="secondary" disabled={disabled} aria-describedby={describedBy}>
          <X className="size-5" aria-hidden />
          {triggerLabel}
        </Button>
      </Dialog.Trigger>
      {open && <ReasonForm {...form} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

interface ReasonFormProps {
  title: string;
  description: string;
  confirmLabel: string;
  maxLength: number;
  schema: ReasonSchema;
  submit: (reason: string) => Promise<unknown>;
}

function ReasonForm({
  title,
  description,
  confirmLabel,
  maxLength,
  schema,
  submit,
  onDone,
}: ReasonFormProps & { onDone: () => void }) {
  const form = useContractForm(schema, { defaultValues: { reason: '' } });
  const [pending, setPending] = useState(false);
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    setPending(true);
    try {
      await submit(reason);
      onDone();
    } catch (error) {
      form.setServerErrors(error);
      setPending(false);
    }
  });
  return (
    <DialogPanel title={title} description={description}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 flex flex-col gap-5">
        <TextareaField
          label="Reason"
          hint="The member reads this"
          rows={3}
          maxLength={maxLength}
          disabled={pending}
          {...form.field('reason')}
        />
        <DialogActions variant="danger" confirmLabel={confirmLabel} pending={pending} />
      </form>
    </DialogPanel>
  );
}
