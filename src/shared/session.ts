import type { JoinStatus } from './join-status';
import type { Role } from './permissions';

/** The signed-in member, as their own browser sees them. */
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  /** Whether the member has opened the link sent to their e-mail (a banner asks until they do). */
  emailVerified: boolean;
  /** Whether sign-in asks for a code from the member's authenticator app. */
  twoFactorEnabled: boolean;
  /** Anything but `approved`: the app shows only the review page and the member's own account. */
  status: JoinStatus;
  roles: Role[];
  role: Role;
  avatarUrl: string;
  xp: number;
  exoticCoins: number;
  /** Store credit in cents: rewards paid as credit, spent at checkout. */
  storeCreditCents: number;
  referralCode: string;
  bio: string;
  smokePreference: string;
  joinDate: string;
  isApprovedDriver: boolean;
  isOnline: boolean;
  /** The member's own phone (+15551234567) and address, to pre-fill the order form. */
  phone: string;
  address: string;
}

export interface SessionResponse {
  user: SessionUser | null;
  /** The server's STAFF_2FA setting (only on GET /api/accounts/session): whether staff may skip two-factor. */
  staffTwoFactor?: 'optional' | 'required';
  /**
   * For a signed-in member: the last live event this server had seen when it answered. The page's event stream
   * first connects from it and is replayed what came after (src/client/lib/event-stream.ts).
   */
  eventId?: string;
}
