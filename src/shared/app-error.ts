/**
 * The one error shape. Services throw it; the server's error handler maps the code to an HTTP status;
 * the client switches on the code to show a field error or a toast.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** STAFF_2FA is `required` and this staff member has not set up two-factor sign-in yet. */
  TWO_FACTOR_REQUIRED: 403,
  /** Under staff approval: the member's request to join is waiting for a decision (shared/join-status.ts). */
  ACCOUNT_PENDING: 403,
  /** Staff declined the member's request to join; the message carries their reason. */
  ACCOUNT_DECLINED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  // Conflicts the client answers in its own way get their own codes (the client decides by code, not status).
  /** The order's total differs from the one the member saw: refresh the menu and the fee. */
  PRICES_CHANGED: 409,
  /** Another driver called dibs first. */
  ALREADY_CLAIMED: 409,
  /** The driver's ETA window ran out; the order went back to the queue with a strike. */
  CLAIM_EXPIRED: 409,
  /** The run was re-queued or reassigned. */
  RUN_UNAVAILABLE: 409,
  /** The driver has already told the customer they are on the way (once per order). */
  ALREADY_NOTIFIED: 409,
  /** A cooldown is running (one rating a day): the answer says when the action is next available. */
  ON_COOLDOWN: 409,
  /** This member has already reported this post or comment. */
  ALREADY_REPORTED: 409,
  /** A reward's cost changed since the member saw it: the answer names the new cost. */
  COST_CHANGED: 409,
  /** A spend larger than the member's balance. */
  NOT_ENOUGH_COINS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** What every failed API call returns as its JSON body. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** A short title for a toast, where the spec gives one ('Login Failed'). */
    title?: string;
    /** Field name to message, for forms. */
    fields?: Record<string, string>;
    requestId?: string;
  };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly title: string | undefined;
  readonly fields: Record<string, string> | undefined;
  /** For a 429: whole seconds until another try may succeed (sent as the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { title?: string; fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.title = options.title;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.message === 'string'
  );
}
