import { Dialog, RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { showErrorToast } from '~/client/lib/error-toast';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_RECEIVED,
  REPORT_RECEIVED_TITLE,
  reportSchema,
  type ReportReason,
} from '../feed.schema';
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
  const id = useId();
  const what = 'commentId' in item ? 'comment' : 'post';
  const [reason, setReason] = useState<ReportReason | undefined>(undefined);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const close = () => {
    setReason(undefined);
    setDetails('');
    setError(undefined);
    onOpenChange(false);
  };
  const send = useReport({
    onSuccess: () => {
      toast.success(REPORT_RECEIVED_TITLE, { description: REPORT_RECEIVED });
      close();
    },
    onError: (failure) => {
      showErrorToast(failure, 'Report not sent');
      if (failure.status === 409) close();
    },
  });
  const submit = () => {
    const parsed = reportSchema.safeParse({ reason, details });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate({ item, input: parsed.data });
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogPanel
        title={`Report ${what}`}
        description={`Tell the moderators what is wrong with this ${what}. Other members never see who reported it.`}
      >
        <form
          noValidate
          className="mt-5 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <RadioGroup.Root
            value={reason ?? ''}
            onValueChange={(value) => setReason(value as ReportReason)}
            aria-label="Reason"
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
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-details`} className="text-sm font-medium">
              Details {reason === 'other' ? '' : '(optional)'}
            </label>
            <textarea
              id={`${id}-details`}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              rows={3}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="w-full resize-y rounded-xl border border-border bg-background px-3.5 py-2.5 text-base text-text transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger"
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
          </div>
          <DialogActions confirmLabel="Send Report" pending={send.isPending} />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
