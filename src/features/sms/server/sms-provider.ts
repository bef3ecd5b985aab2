import type { Logger } from '~/server/logger';

/**
 * Where an SMS goes. Two providers: the log-only default (nothing leaves the machine; the server log says so)
 * and Twilio, through its REST API (a small HTTP adapter, below). The sender (sms-sender.ts) picks Twilio once
 * the Settings tab has an Account SID, an auth token and a sender, and the log-only provider otherwise.
 */
export type SmsResult =
  | { ok: true; messageId: string }
  | {
      ok: false;
      /** Trying again will not help (a bad number, an unsubscribed member, wrong credentials). */
      permanent: boolean;
      /** The recipient has replied STOP: their SMS consent is turned off. */
      unsubscribed: boolean;
      error: string;
    };

export interface SmsProvider {
  readonly name: 'log' | 'twilio';
  send(message: { to: string; body: string }): Promise<SmsResult>;
}

/** The last 4 digits of a phone, for logs. */
const maskPhone = (phone: string) => `…${phone.slice(-4)}`;

/** The default: records each message in the server log and sends nothing. */
export function logOnlyProvider(logger: Logger): SmsProvider {
  let counter = 0;
  return {
    name: 'log',
    async send({ to, body }) {
      counter += 1;
      logger.info(
        { to: maskPhone(to), characters: body.length },
        'SMS not sent: no SMS provider is connected (Settings tab), so it was only written to this log; nothing left the machine',
      );
      return { ok: true, messageId: `log-${Date.now()}-${counter}` };
    },
  };
}

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  /** A phone number (sent as From) or a Messaging Service SID, MG… (sent as MessagingServiceSid). */
  sender: string;
}

/** Twilio's error for a recipient who replied STOP ("Attempt to send to unsubscribed recipient"). */
export const TWILIO_UNSUBSCRIBED = 21610;

/**
 * Twilio's Programmable Messaging API, without the SDK: `POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`
 * with HTTP basic auth (Account SID : auth token) and a form body of `To`, `Body` and `From` or
 * `MessagingServiceSid`. A 201 answers `{ sid }`; an error answers `{ code, message }`
 * (https://www.twilio.com/docs/api/errors). 429 and 5xx (and a network failure) are retried; another 4xx is not.
 * `baseUrl` is https://api.twilio.com unless TWILIO_BASE_URL says otherwise (tests run a local fake).
 */
export function twilioProvider(
  credentials: TwilioCredentials,
  options: { baseUrl: string; timeoutMs?: number },
): SmsProvider {
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
  const senderField = credentials.sender.startsWith('MG') ? 'MessagingServiceSid' : 'From';
  return {
    name: 'twilio',
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body, [senderField]: credentials.sender });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        return {
          ok: false,
          permanent: false,
          unsubscribed: false,
          error: `Twilio unreachable: ${(error as Error).message}`,
        };
      }
      const payload = (await response.json().catch(() => ({}))) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      };
      if (response.ok && typeof payload.sid === 'string') return { ok: true, messageId: payload.sid };
      const code = typeof payload.code === 'number' ? payload.code : undefined;
      const message =
        typeof payload.message === 'string' ? payload.message.slice(0, 300) : response.statusText;
      const retryable = response.status === 429 || response.status >= 500 || response.ok;
      return {
        ok: false,
        permanent: !retryable,
        unsubscribed: code === TWILIO_UNSUBSCRIBED,
        error: `Twilio ${response.status}${code ? ` (error ${code})` : ''}: ${message}`,
      };
    },
  };
}
