/**
 * Who may do what (the spec's section 6). The server checks every route with `can()`; the browser uses the same
 * function only to hide controls. Capabilities read `action:entity`.
 */
export const ROLES = [
  'Owner',
  'Admin',
  'Moderator',
  'Driver',
  'Content Manager',
  'Catalog Manager',
  'Orders Manager',
  'Economy Manager',
  'Rewards Manager',
  'SMS Manager',
  'Support',
  'Read-Only',
  'Member',
] as const;
export type Role = (typeof ROLES)[number];

export const CAPABILITIES = [
  'view:admin',
  'view:driver-queue',
  'claim:order',
  'receive:delivery-order-notifications',
  'receive:new-order-notifications',
  'moderate:posts',
  'manage:members',
  'edit:roles',
  'reveal:anonymous-authors',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const staff: Capability[] = [
  'view:admin',
  'view:driver-queue',
  'receive:new-order-notifications',
  'moderate:posts',
  'manage:members',
  'edit:roles',
  'reveal:anonymous-authors',
];

const grants: Partial<Record<Role, Capability[]>> = {
  Owner: staff,
  Admin: staff,
  Moderator: ['reveal:anonymous-authors'],
  // Call Dibs is for drivers only: hidden from (and refused to) Admins and Owners who are not drivers.
  Driver: ['view:driver-queue', 'claim:order', 'receive:delivery-order-notifications'],
};

/** Something that holds roles: a user row or the session's copy of it. */
export interface RoleHolder {
  roles?: readonly string[] | null;
  role?: string | null;
}

/** The roles list, falling back to the single role, falling back to Member; highest role first. */
export function rolesOf(holder: RoleHolder): Role[] {
  const listed = holder.roles?.length ? holder.roles : holder.role ? [holder.role] : ['Member'];
  return ROLES.filter((role) => listed.includes(role));
}

export function hasRole(holder: RoleHolder, role: Role): boolean {
  return rolesOf(holder).includes(role);
}

export function can(holder: RoleHolder | null | undefined, capability: Capability): boolean {
  if (!holder) return false;
  return rolesOf(holder).some((role) => grants[role]?.includes(capability));
}

/** The role shown as a member's primary one: the highest they hold. */
export function primaryRole(roles: readonly string[]): Role {
  return ROLES.find((role) => roles.includes(role)) ?? 'Member';
}
