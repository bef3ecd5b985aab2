import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { reportSchema } from '../feed.schema';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_RECEIVED,
  REPORT_RECEIVED_TITLE,
} from '../feed.constants';
import { useReport, type FeedItem } from './feed.queries';

/** Report a post or comment to the moderators: a reason, and words of one's own (needed for Other). */
export function ReportDialog({
  item,
  open,
  onOpenChange,
}: {
  item: FeedItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reasonErrorId = useId();
  const what = 'commentId' in item ? 'comment' : 'post';
  const form = useContractForm(reportSchema, { defaultValues: { reason: undefined, details: '' } });
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' });
  const close = () => {
    form.reset();
    onOpenChange(false);
  };
  const send = useReport({
    onSuccess: () => {
      toast.success(REPORT_RECEIVED_TITLE, { description: REPORT_RECEIVED });
      close();
    },
    onError: (failure) => {
      form.setServerErrors(failure);
      showErrorToast(failure, 'Report not sent');
      if (isApiError(failure, 'ALREADY_REPORTED')) close();
    },
  });
  const submit = form.handleSubmit((input) => send.mutate({ item, input }));
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogPanel
        title={`Report ${what}`}
        description={`Tell the moderators what is wrong with this ${what}. Other members never see who reported it.`}
      >
        <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <div className="flex flex-col gap-1.5">
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <RadioGroup.Root
                  ref={field.ref}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  aria-label="Reason"
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={errors.reason ? reasonErrorId : undefined}
                  className="grid grid-cols-2 gap-2"
                >
                  {REPORT_REASONS.map((value) => (
                    <RadioGroup.Item
                      key={value}
                      value={value}
                      className="min-h-11 rounded-xl border border-border bg-background px-3 text-base font-semibold text-text-muted transition-colors duration-150 hover:text-text data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-on-primary"
                    >
                      {REPORT_REASON_LABELS[value]}
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
              )}
            />
            {errors.reason && (
              <p id={reasonErrorId} className="text-sm text-danger">
                {errors.reason.message}
              </p>
            )}
          </div>
          <TextareaField
            label={reason === 'other' ? 'Details' : 'Details (optional)'}
            rows={3}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            {...form.field('details')}
          />
          <DialogActions confirmLabel="Send Report" pending={send.isPending} />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
