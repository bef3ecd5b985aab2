import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import { ROLES, type Role } from '~/shared/permissions';

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
  phone?: string;
  address?: string;
}

export type MemberPage = Page<AdminMember>;
