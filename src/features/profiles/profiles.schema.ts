import { z } from 'zod';
import type { SessionUser } from '~/shared/session';
import { SMOKE_PREFERENCES } from './profiles.constants';

/** What a member may change about themself: nothing else (coins, XP, roles, referral code) is read. */
export const updateProfileSchema = z.object({
  bio: z.string().trim().max(500, 'Keep your bio under 500 characters.').optional(),
  smokePreference: z.enum(SMOKE_PREFERENCES, 'Choose a preference from the list.').optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const memberIdSchema = z.object({ userId: z.string().min(1).max(64) });

export interface LevelInfo {
  level: number;
  title: string;
  xpIntoLevel: number;
  progress: number;
}

export interface OwnProfile {
  user: SessionUser;
  level: LevelInfo;
  referrals: { id: string; fullName: string; joinDate: string }[];
}

/** Never email, phone, address or telegram. */
export interface PublicProfile {
  id: string;
  fullName: string;
  avatarUrl: string;
  level: LevelInfo;
  exoticCoins: number;
  bio: string;
  smokePreference: string;
  referrals: { id: string; fullName: string }[];
  referralCount: number;
  /** Whether the viewer may start a conversation with this member (nobody but an Owner starts one with an Owner). */
  messageable: boolean;
}
