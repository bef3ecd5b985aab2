import { can, type Capability, type RoleHolder } from './permissions';

/**
 * The capabilities that show a member's private data or hand out power: whoever holds one is asked to set up
 * two-factor sign-in (a banner), and must before any dashboard route answers when STAFF_2FA is `required`.
 * Decided by capability, not role name, so a new role that grants one of these is covered too.
 */
export const STAFF_TWO_FACTOR_CAPABILITIES = [
  'read:contact-details',
  'reveal:anonymous-authors',
  'edit:roles',
  'send:sms',
] as const satisfies readonly Capability[];

export function holdsStaffTwoFactorCapability(holder: RoleHolder | null | undefined): boolean {
  return STAFF_TWO_FACTOR_CAPABILITIES.some((capability) => can(holder, capability));
}

/** The refusal's words, shown on the dashboard's setup card too. */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Set up two-factor sign-in in Account settings first: your role shows members’ private details.';
