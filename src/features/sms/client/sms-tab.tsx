import { ChevronDown, MessageSquareText, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '~/client/lib/toast';
import { LoadMore } from '~/client/components/load-more';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import {
  EmptyState,
  ListSkeleton,
  ListStates,
  SkeletonBlock,
  SkeletonCard,
} from '~/client/components/ui/list-states';
import { SelectField } from '~/client/components/ui/select-field';
import { Spinner } from '~/client/components/ui/spinner';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { formatDateTime } from '~/client/lib/format-time';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { formatUsPhone } from '~/shared/phone';
import { can, type Actor } from '~/shared/permissions';
import {
  sendSmsSchema,
  type SmsProviderName,
  type SmsRecipientStatus,
  type SmsSendStatus,
  type SmsSendView,
} from '../sms.schema';
import {
  MESSAGE_REQUIRED_TITLE,
  SMS_MAX_LENGTH,
  SMS_SEGMENTS,
  SMS_SEGMENT_LABELS,
  type SmsSegment,
} from '../sms.constants';
import { useSendSms, useSmsAudience, useSmsRecipients, useSmsSends } from './sms.queries';

/**
 * The Mass SMS tab: a message to a segment (send:sms), confirmed with the number of members the server counts,
 * and the log of every send with its recipients' statuses (read:sms). Statuses follow the sender live through
 * the event stream ('sms.changed').
 */
export function SmsTab({ actor }: { actor: Actor }) {
  return (
    <section aria-labelledby="sms-heading" className="flex max-w-3xl flex-col gap-6">
      <h2 id="sms-heading" className="text-xl font-semibold tracking-tight">
        Mass SMS
      </h2>
      {can(actor, 'send:sms') && <SendSmsForm />}
      <SmsLog />
    </section>
  );
}

interface SmsFields {
  segment: SmsSegment;
  message: string;
}

/** One key per message as it is confirmed: a double click or a retry sends it once; a sent message starts a new key. */
let pendingKey: { signature: string; key: string } | undefined;
function idempotencyKeyFor(fields: SmsFields): string {
  const signature = `${fields.segment}\u0000${fields.message.trim()}`;
  if (pendingKey?.signature !== signature) pendingKey = { signature, key: randomKey() };
  return pendingKey.key;
}
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * What "SMS sent!" says: the messages are queued (the sender delivers them, and the log follows it), and with no
 * provider connected, that they only go to the server log.
 */
function sentDescription(count: number, provider: SmsProviderName): string {
  const queued = `Queued for ${count} ${count === 1 ? 'member' : 'members'}.`;
  return provider === 'log'
    ? `${queued} No SMS provider is connected (Settings), so they are only written to the server log: nothing leaves this machine.`
    : `${queued} They go out in the next few seconds; the log below shows each one.`;
}

function SendSmsForm() {
  const form = useContractForm<typeof sendSmsSchema, SmsFields>(sendSmsSchema, {
    defaultValues: { segment: 'all', message: '' },
    toInput: (fields) => ({ ...fields, idempotencyKey: idempotencyKeyFor(fields) }),
  });
  const [confirming, setConfirming] = useState<SmsFields | null>(null);
  const length = form.watch('message').length;

  const sendSms = useSendSms({
    onSuccess: ({ send, provider }) => {
      pendingKey = undefined;
      setConfirming(null);
      form.reset({ segment: form.getValues('segment'), message: '' });
      toast.success('SMS sent!', { description: sentDescription(send.recipientCount, provider) });
    },
    onError: (error) => {
      setConfirming(null);
      form.setServerErrors(error);
      showErrorToast(error, 'SMS not sent');
    },
  });

  return (
    <>
      <form
        noValidate
        aria-labelledby="send-sms-heading"
        onSubmit={(event) =>
          void form.handleSubmit(
            (values) => setConfirming({ segment: values.segment, message: values.message }),
            (errors) => {
              if (errors.message)
                toast.error(MESSAGE_REQUIRED_TITLE, { description: errors.message.message });
            },
          )(event)
        }
        className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
      >
        <div className="flex items-start gap-3">
          <MessageSquareText className="mt-0.5 size-5 shrink-0 text-text-muted" aria-hidden />
          <div className="flex flex-col gap-1">
            <h3 id="send-sms-heading" className="text-base font-semibold">
              Send a message
            </h3>
            <p className="text-sm text-text-muted">
              Goes to members of the segment who agreed to SMS, are approved and have a phone number.
            </p>
          </div>
        </div>
        <fieldset disabled={sendSms.isPending} className="flex flex-col gap-4">
          <legend className="sr-only">Message and recipients</legend>
          <SelectField label="Segment" className="sm:max-w-64" {...form.field('segment')}>
            {SMS_SEGMENTS.map((segment) => (
              <option key={segment} value={segment}>
                {SMS_SEGMENT_LABELS[segment]}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label="Message"
            rows={4}
            maxLength={SMS_MAX_LENGTH}
            placeholder="Write your message…"
            description={
              <span aria-live="polite" className={`tabular ${length >= SMS_MAX_LENGTH ? 'text-coin' : ''}`}>
                {length}/{SMS_MAX_LENGTH} characters
              </span>
            }
            {...form.field('message', {
              onChange: () => {
                if (form.formState.errors.message) void form.trigger('message');
              },
            })}
          />
        </fieldset>
        <div className="flex justify-end border-t border-border pt-4">
          <Button type="submit" disabled={sendSms.isPending} className="w-full sm:w-auto">
            <Send className="size-5" aria-hidden />
            Send SMS
          </Button>
        </div>
      </form>
      {confirming && (
        <ConfirmSend
          fields={confirming}
          pending={sendSms.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => sendSms.mutate({ ...confirming, idempotencyKey: idempotencyKeyFor(confirming) })}
        />
      )}
    </>
  );
}

/** The confirm step: how many members the server counts for the segment now, and what the daily cap leaves. */
function ConfirmSend({
  fields,
  pending,
  onCancel,
  onConfirm,
}: {
  fields: SmsFields;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const audience = useSmsAudience(fields.segment, true);
  const count = audience.data?.recipientCount;
  const left = audience.data ? Math.max(0, audience.data.dailyCap - audience.data.sentToday) : undefined;
  const overCap = count !== undefined && left !== undefined && count > left;
  const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogPanel
        title="Send SMS?"
        description={
          audience.isPending ? (
            <span className="inline-flex items-center gap-2">
              <Spinner /> Counting recipients…
            </span>
          ) : audience.isError ? (
            'The recipients could not be counted. Close and try again.'
          ) : count === 0 ? (
            'No members in this segment can receive SMS (they need SMS consent, an approved account and a phone).'
          ) : overCap ? (
            `This would go to ${members(count!)}, but only ${left} more SMS may be sent in 24 hours (daily limit ${audience.data!.dailyCap}).`
          ) : (
            <>
              This message will be sent to <strong className="text-text">{members(count!)}</strong> (segment:{' '}
              {SMS_SEGMENT_LABELS[fields.segment]}).
            </>
          )
        }
      >
        <blockquote className="mt-4 rounded-xl border border-border bg-background/40 p-3 text-sm break-words whitespace-pre-wrap">
          {fields.message}
        </blockquote>
        <DialogActions
          className="mt-6"
          confirmLabel={count ? `Send to ${members(count)}` : 'Send SMS'}
          pending={pending}
          disabled={!count || overCap}
          onConfirm={onConfirm}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}

const SEND_STATUS: Record<SmsSendStatus, { label: string; tone: string }> = {
  sending: { label: 'Sending', tone: 'border-primary/60 text-primary' },
  sent: { label: 'Sent', tone: 'border-accent/60 text-accent' },
  partial: { label: 'Partly sent', tone: 'border-coin/60 text-coin' },
  failed: { label: 'Failed', tone: 'border-danger/60 text-danger' },
};

const RECIPIENT_STATUS: Record<SmsRecipientStatus, { label: string; tone: string }> = {
  pending: { label: 'Queued', tone: 'text-text-muted' },
  sending: { label: 'Sending', tone: 'text-primary' },
  sent: { label: 'Sent', tone: 'text-accent' },
  failed: { label: 'Failed', tone: 'text-danger' },
};

function SmsLog() {
  const list = useSmsSends();
  const sends = list.data?.items ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return (
    <section aria-labelledby="sms-log-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="sms-log-heading" className="text-lg font-semibold tracking-tight">
          SMS Logs
        </h3>
        {!list.isPending && (
          <p aria-live="polite" className="text-sm text-text-muted tabular">
            {total} {total === 1 ? 'message' : 'messages'}
          </p>
        )}
      </div>
      <ListStates
        query={list}
        empty={sends.length === 0}
        skeleton={<LogSkeleton />}
        errorMessage="The SMS log could not be loaded."
        emptyState={<EmptyState icon={MessageSquareText}>No SMS messages sent yet</EmptyState>}
      >
        <ul aria-label="SMS log" className="flex flex-col gap-3">
          {sends.map((send) => (
            <SmsLogItem key={send.id} send={send} />
          ))}
        </ul>
        <LoadMore query={list} failedMessage="More of the log could not be loaded." />
      </ListStates>
    </section>
  );
}

function SmsLogItem({ send }: { send: SmsSendView }) {
  const [open, setOpen] = useState(false);
  const recipientsId = useId();
  const status = SEND_STATUS[send.status];
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-base break-words whitespace-pre-wrap">{send.message}</p>
        <span
          className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${status.tone}`}
        >
          {status.label}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-text-muted">Segment</dt>
          <dd>{SMS_SEGMENT_LABELS[send.segment]}</dd>
        </div>
        <div>
          <dt className="text-text-muted">Recipients</dt>
          <dd className="tabular">{send.recipientCount}</dd>
        </div>
        <div>
          <dt className="text-text-muted">Sent at</dt>
          <dd>
            <time dateTime={send.sentAt}>{formatDateTime(send.sentAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-text-muted">Delivered</dt>
          <dd className="tabular">
            {send.counts.sent} sent
            {send.counts.failed > 0 && `, ${send.counts.failed} failed`}
            {send.counts.pending > 0 && `, ${send.counts.pending} queued`}
          </dd>
        </div>
      </dl>
      {send.logOnly && (
        <p className="text-sm text-text-muted">
          Log only: no SMS provider was connected, so nothing left the server. Connect one in Settings.
        </p>
      )}
      <div>
        <Button
          variant="ghost"
          aria-expanded={open}
          aria-controls={recipientsId}
          onClick={() => setOpen((value) => !value)}
        >
          <ChevronDown className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
          {open ? 'Hide recipients' : 'Show recipients'}
        </Button>
      </div>
      <div id={recipientsId} hidden={!open}>
        {open && <RecipientList sendId={send.id} />}
      </div>
    </li>
  );
}

function RecipientList({ sendId }: { sendId: string }) {
  const list = useSmsRecipients(sendId);
  const recipients = list.data?.items ?? [];
  return (
    <ListStates
      query={list}
      empty={recipients.length === 0}
      skeleton={<SkeletonBlock className="h-10 rounded-xl" />}
      errorMessage="The recipients could not be loaded."
      emptyState={<p className="text-sm text-text-muted">No recipients.</p>}
    >
      <ul aria-label="Recipients" className="divide-y divide-border rounded-xl border border-border">
        {recipients.map((recipient, index) => (
          <li
            key={recipient.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <span className="min-w-0">
              {recipient.name !== null ? (
                <>
                  <span className="font-medium">{recipient.name}</span>{' '}
                  <span className="text-text-muted tabular">{formatUsPhone(recipient.phone ?? '')}</span>
                </>
              ) : (
                <span className="text-text-muted">Recipient {index + 1}</span>
              )}
            </span>
            <span className={`font-semibold ${RECIPIENT_STATUS[recipient.status].tone}`}>
              {RECIPIENT_STATUS[recipient.status].label}
              {recipient.error && <span className="sr-only">: {recipient.error}</span>}
            </span>
          </li>
        ))}
      </ul>
      <LoadMore query={list} failedMessage="More recipients could not be loaded." />
    </ListStates>
  );
}

function LogSkeleton() {
  return (
    <ListSkeleton
      label="Loading the SMS log"
      count={2}
      className="flex flex-col gap-3"
      item={<SkeletonCard lines={['h-4 w-3/4', 'h-10']} />}
    />
  );
}
