import { z } from 'zod';
import type { JoinStatus } from '~/shared/join-status';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import { ROLES, type Role } from '~/shared/permissions';
import { DECLINE_REASON_MAX } from '~/features/accounts/accounts.constants';

export const memberSearchSchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
  /** members: name, email or telegram; roles: full name or email (the Role Management tab). Email and telegram
   * only for staff who see contact details. */
  scope: z.enum(['members', 'roles']).default('members'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type MemberSearch = z.input<typeof memberSearchSchema>;

export const memberIdParamSchema = z.object({ memberId: z.string().min(1).max(64) });

export const setRolesSchema = z.object({
  roles: z
    .array(z.enum(ROLES, 'Choose roles from the list.'))
    .max(ROLES.length)
    .transform((roles) => (roles.length ? [...new Set(roles)] : (['Member'] as Role[]))),
});
export type SetRolesInput = z.input<typeof setRolesSchema>;

/**
 * A member as the dashboard lists them. Email, Telegram, phone and address only for those allowed to see contact
 * details (`read:contact-details`); the others search by name only.
 */
export interface AdminMember {
  id: string;
  fullName: string;
  email?: string;
  telegram?: string;
  roles: Role[];
  role: Role;
  banned: boolean;
  avatarUrl: string;
  joinDate: string;
  strikes: number;
  isApprovedDriver: boolean;
  /** Under staff approval: pending or declined accounts show as such. */
  status: JoinStatus;
  phone?: string;
  address?: string;
}

export type MemberPage = Page<AdminMember>;

export const joinRequestPageSchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const declineSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Write the reason the member will read.')
    .max(DECLINE_REASON_MAX, `Keep the reason within ${DECLINE_REASON_MAX} characters.`),
});
export type DeclineInput = z.input<typeof declineSchema>;

/**
 * A request to join, as the Pending view lists it: who asked and when, who referred them. E-mail, Telegram, phone
 * and address only for those who see contact details.
 */
export interface JoinRequestItem {
  id: string;
  fullName: string;
  avatarUrl: string;
  requestedAt: string;
  referredBy: { id: string; fullName: string } | null;
  /** Under the photo ID check: when they gave their ID, and the date of birth they gave (the photo by its route). */
  idCheck: { submittedAt: string; birthDate: string | null } | null;
  email?: string;
  telegram?: string;
  phone?: string;
  address?: string;
}

/** The Pending view's page, with every pending request counted for its badge. */
export type JoinRequestPage = Page<JoinRequestItem> & { pendingCount: number };
