import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import { normaliseUsPhone } from '~/shared/phone';
import { MESSAGE_REQUIRED, SMS_MAX_LENGTH, SMS_SEGMENTS, type SmsSegment } from './sms.constants';

const segment = z.enum(
  SMS_SEGMENTS,
  'Choose who receives the message: all, Member, Moderator, Admin or Driver.',
);

export const sendSmsSchema = z.strictObject({
  segment,
  message: z
    .string(MESSAGE_REQUIRED)
    .trim()
    .min(1, MESSAGE_REQUIRED)
    .max(SMS_MAX_LENGTH, `Keep the message to ${SMS_MAX_LENGTH} characters.`),
  /** The same key for a double click or a retried request: one send. */
  idempotencyKey: z.string().min(8).max(100),
});
export type SendSmsInput = z.input<typeof sendSmsSchema>;

export const smsAudienceQuerySchema = z.object({ segment });
export const smsSendsQuerySchema = pageQuerySchema;
export const smsSendIdSchema = z.object({ sendId: z.string().min(1).max(64) });
export const smsRecipientsQuerySchema = pageQuerySchema;

export type SmsSendStatus = 'sending' | 'sent' | 'partial' | 'failed';
export type SmsRecipientStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** One Mass SMS in the log. */
export interface SmsSendView {
  id: string;
  message: string;
  segment: SmsSegment;
  recipientCount: number;
  sentAt: string;
  status: SmsSendStatus;
  /** Per-recipient statuses, counted ('sending' is counted as pending). */
  counts: { pending: number; sent: number; failed: number };
  /** True when some recipients went to the log-only provider: nothing left the machine for them. */
  logOnly: boolean;
  sentBy: { id: string; name: string } | null;
}

/** The log, newest first, and how many sends it holds in all. */
export type SmsSendsResponse = Page<SmsSendView> & { total: number };

/** A recipient of a send. Name and phone only for `send:sms` or `read:contact-details`; null otherwise. */
export interface SmsRecipientView {
  id: string;
  name: string | null;
  phone: string | null;
  status: SmsRecipientStatus;
  error: string | null;
  sentAt: string | null;
}
export type SmsRecipientsResponse = Page<SmsRecipientView>;

/** What the confirm step shows: how many members the segment reaches now, and what the daily cap leaves. */
export interface SmsAudienceResponse {
  segment: SmsSegment;
  recipientCount: number;
  dailyCap: number;
  sentToday: number;
}

/** Twilio, or the log-only provider (the default: messages are only written to the server log). */
export type SmsProviderName = 'twilio' | 'log';

export interface SendSmsResponse {
  send: SmsSendView;
  /**
   * Who will deliver its messages: 'twilio' once Settings has the credentials, 'log' (the log-only provider)
   * otherwise, when they are only written to the server log and nothing leaves the machine.
   */
  provider: SmsProviderName;
}

// ---- Settings: the provider's credentials and the daily cap -------------------------------------------------

const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;
const MESSAGING_SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** A sender is a phone number (stored as +15551234567) or a Twilio Messaging Service SID (MG…). */
export function normaliseSmsSender(value: string): string | undefined {
  const trimmed = value.trim();
  if (MESSAGING_SERVICE_SID.test(trimmed)) return trimmed;
  const compact = trimmed.replace(/[\s().-]/g, '');
  if (E164.test(compact) && !compact.startsWith('+1')) return compact;
  return normaliseUsPhone(trimmed);
}

export const updateSmsSettingsSchema = z.strictObject({
  accountSid: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || ACCOUNT_SID.test(value),
      'An Account SID is AC followed by 32 letters and digits.',
    ),
  sender: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return '';
      const sender = normaliseSmsSender(value);
      if (!sender) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter the sending phone number, like +1 555 123 4567, or a Messaging Service SID (MG…).',
        });
        return z.NEVER;
      }
      return sender;
    }),
  /** Write-only: a new token replaces the stored one; absent or empty keeps it. */
  authToken: z
    .string()
    .trim()
    .max(128, 'An auth token is at most 128 characters.')
    .refine(
      (value) => value === '' || /^\S{8,}$/.test(value),
      'An auth token is at least 8 characters, no spaces.',
    )
    .optional(),
  /** Removes the stored token (the log-only provider takes over). */
  clearAuthToken: z.boolean().optional(),
  dailyCap: z
    .number('Enter the daily SMS limit.')
    .int('The daily SMS limit is a whole number.')
    .min(0, 'The daily SMS limit cannot be negative.')
    .max(100_000, 'The daily SMS limit can be at most 100,000.'),
});
export type UpdateSmsSettingsInput = z.input<typeof updateSmsSettingsSchema>;

/** The settings as the Settings tab reads them. The token itself never leaves the server. */
export interface SmsSettingsView {
  accountSid: string;
  sender: string;
  authToken: { set: boolean; last4: string | null };
  dailyCap: number;
  /** Which provider sends: Twilio once SID, token and sender are all set, else the log-only one. */
  provider: SmsProviderName;
}
