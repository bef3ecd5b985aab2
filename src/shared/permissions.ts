/**
 * Who may do what (the spec's section 6, and docs/decisions/007-roles-and-capabilities.md). The server checks
 * every route with `can()`; the browser uses the same function only to hide controls. Capabilities read
 * `action:entity`.
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

/** Roles an admin can tick in the Members and Roles tabs (Owner shows, disabled): every role. */
export const ASSIGNABLE_ROLES: readonly Role[] = ROLES;

export const CAPABILITIES = [
  // The dashboard and the driver queue.
  'view:admin',
  'view:driver-queue',
  'claim:order',
  // Orders and drivers.
  'read:orders',
  'manage:orders',
  'export:orders',
  'read:drivers',
  'manage:drivers',
  // Members.
  'read:members',
  'read:contact-details',
  'message:members',
  // Under staff approval: decide requests to join (the Members tab's Pending view).
  'approve:members',
  'manage:members',
  'edit:roles',
  // Community.
  'moderate:posts',
  'reveal:anonymous-authors',
  // Shop, economy, rewards.
  'manage:catalog',
  'manage:locations',
  'read:economy',
  'manage:economy',
  'manage:rewards',
  // Insights: the Overview tab's figures, and their CSVs.
  'read:insights',
  'export:insights',
  // SMS, audit log, settings.
  'read:sms',
  'send:sms',
  'read:audit-log',
  'export:audit-log',
  'manage:settings',
  'export:database',
  // Notifications.
  'receive:delivery-order-notifications',
  'receive:new-order-notifications',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const everyAdminCapability = CAPABILITIES.filter(
  (c) => c !== 'claim:order' && c !== 'receive:delivery-order-notifications',
);

const grants: Record<Role, readonly Capability[]> = {
  Owner: everyAdminCapability,
  // The whole database leaves the app only in the Owner's hands.
  Admin: everyAdminCapability.filter((c) => c !== 'export:database'),
  Moderator: ['reveal:anonymous-authors'],
  // Call Dibs is for drivers only: refused to Admins and Owners who do not also hold Driver.
  Driver: ['view:driver-queue', 'claim:order', 'receive:delivery-order-notifications'],
  'Content Manager': ['view:admin', 'moderate:posts', 'reveal:anonymous-authors'],
  'Catalog Manager': ['view:admin', 'manage:catalog'],
  'Orders Manager': [
    'view:admin',
    'view:driver-queue',
    'read:orders',
    'manage:orders',
    'export:orders',
    'read:drivers',
    'manage:drivers',
    'manage:locations',
    'read:contact-details',
    'receive:new-order-notifications',
  ],
  'Economy Manager': ['view:admin', 'read:economy', 'manage:economy', 'manage:rewards'],
  'Rewards Manager': ['view:admin', 'read:economy', 'manage:rewards'],
  'SMS Manager': ['view:admin', 'read:sms', 'send:sms'],
  Support: ['view:admin', 'read:members', 'read:orders', 'message:members', 'approve:members'],
  // Sees the dashboards, never addresses, phones or exports.
  'Read-Only': [
    'view:admin',
    'read:orders',
    'read:drivers',
    'read:members',
    'read:economy',
    'read:sms',
    'read:audit-log',
    'read:insights',
  ],
  Member: [],
};

/** Something that holds roles: a user row or the session's copy of it. */
export interface RoleHolder {
  roles?: readonly string[] | null;
  role?: string | null;
}

/** Who is acting: the signed-in member, as the permission rules need them. */
export type Actor = RoleHolder & { id: string };

/** The roles list, falling back to the single role, falling back to Member; highest role first. */
export function rolesOf(holder: RoleHolder): Role[] {
  const listed = holder.roles?.length ? holder.roles : holder.role ? [holder.role] : ['Member'];
  return ROLES.filter((role) => listed.includes(role));
}

export function hasRole(holder: RoleHolder, role: Role): boolean {
  return rolesOf(holder).includes(role);
}

/** Owners and Admins: members see them as "Admin Team". */
export function isStaff(holder: RoleHolder): boolean {
  return hasRole(holder, 'Owner') || hasRole(holder, 'Admin');
}

/**
 * Why the actor may not start a conversation with the recipient, or undefined when they may: only staff start one
 * with staff, and only an Owner with an Owner. The server refuses by it; the UI hides Message buttons by it.
 */
export function conversationRefusal(actor: RoleHolder, recipient: RoleHolder): 'staff' | 'owner' | undefined {
  if (isStaff(recipient) && !isStaff(actor)) return 'staff';
  if (hasRole(recipient, 'Owner') && !hasRole(actor, 'Owner')) return 'owner';
  return undefined;
}

export function can(holder: RoleHolder | null | undefined, capability: Capability): boolean {
  if (!holder) return false;
  return rolesOf(holder).some((role) => grants[role].includes(capability));
}

/** The roles that grant a capability (to find everyone who holds it, e.g. who hears of new orders). */
export function rolesWith(capability: Capability): Role[] {
  return ROLES.filter((role) => grants[role].includes(capability));
}

/** Every capability the holder has, for the browser to hide what it cannot use. */
export function capabilitiesOf(holder: RoleHolder): Capability[] {
  return CAPABILITIES.filter((capability) => can(holder, capability));
}

/** The role shown as a member's primary one: the highest they hold. */
export function primaryRole(roles: readonly string[]): Role {
  return ROLES.find((role) => roles.includes(role)) ?? 'Member';
}

/** The dashboard's tabs in the spec's order, each with the capability that shows it. */
export const ADMIN_TABS = [
  // Beyond the spec, first: those who read insights open the dashboard on it (decision 043).
  { id: 'overview', capability: 'read:insights' },
  { id: 'orders', capability: 'read:orders' },
  { id: 'drivers', capability: 'read:drivers' },
  { id: 'members', capability: 'read:members' },
  { id: 'logs', capability: 'read:audit-log' },
  { id: 'content', capability: 'moderate:posts' },
  { id: 'catalog', capability: 'manage:catalog' },
  { id: 'locations', capability: 'manage:locations' },
  { id: 'economy', capability: 'read:economy' },
  { id: 'roles', capability: 'edit:roles' },
  { id: 'sms', capability: 'read:sms' },
  { id: 'settings', capability: 'manage:settings' },
  { id: 'driver-queue', capability: 'view:driver-queue' },
] as const satisfies readonly { id: string; capability: Capability }[];
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

/**
 * Who may ban, unban or change the roles of whom. Nobody acts on an Owner or grants Owner; only an Owner grants
 * or removes Admin; an Admin cannot act on another Admin or on themself. Returns the reason when refused.
 */
export function memberActionRefusal(
  actor: RoleHolder & { id: string },
  target: RoleHolder & { id: string },
  change?: { from: readonly string[]; to: readonly string[] },
): string | undefined {
  const actorIsOwner = hasRole(actor, 'Owner');
  if (hasRole(target, 'Owner')) return 'Owner accounts cannot be banned or have their roles edited.';
  if (!actorIsOwner && hasRole(target, 'Admin'))
    return 'Only the Owner can ban or change the roles of an Admin.';
  if (!actorIsOwner && actor.id === target.id) return 'You cannot ban yourself or change your own roles.';
  if (change) {
    const toggled = (role: Role) => change.from.includes(role) !== change.to.includes(role);
    if (toggled('Owner')) return 'The Owner role cannot be granted or removed.';
    if (!actorIsOwner && toggled('Admin')) return 'Only the Owner can grant or remove the Admin role.';
  }
  return undefined;
}
