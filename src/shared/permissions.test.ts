import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, can, memberActionRefusal, primaryRole, ROLES, rolesOf } from './permissions';

describe('permissions', () => {
  it('gives the Admin tab to Owners, Admins and manager roles, never to Members, Moderators or Drivers', () => {
    expect(can({ roles: ['Owner'] }, 'view:admin')).toBe(true);
    expect(can({ roles: ['Admin'] }, 'view:admin')).toBe(true);
    for (const role of ['Member', 'Moderator', 'Driver'])
      expect(can({ roles: [role] }, 'view:admin')).toBe(false);
  });

  it('opens at least one dashboard tab to every role that opens the dashboard', () => {
    for (const role of ROLES.filter((role) => can({ roles: [role] }, 'view:admin'))) {
      const tabs = ADMIN_TABS.filter((tab) => can({ roles: [role] }, tab.capability));
      expect(tabs.length, role).toBeGreaterThan(0);
    }
  });

  it('gives the Driver tab to Drivers, Owners and Admins, and Call Dibs to Drivers only', () => {
    expect(can({ roles: ['Driver'] }, 'view:driver-queue')).toBe(true);
    expect(can({ roles: ['Owner'] }, 'view:driver-queue')).toBe(true);
    expect(can({ roles: ['Member'] }, 'view:driver-queue')).toBe(false);
    expect(can({ roles: ['Driver'] }, 'claim:order')).toBe(true);
    expect(can({ roles: ['Admin'] }, 'claim:order')).toBe(false);
    expect(can({ roles: ['Owner'] }, 'claim:order')).toBe(false);
  });

  it('lets Moderators, Content Managers, Admins and Owners see who wrote anonymously', () => {
    expect(can({ roles: ['Moderator'] }, 'reveal:anonymous-authors')).toBe(true);
    expect(can({ roles: ['Content Manager'] }, 'reveal:anonymous-authors')).toBe(true);
    expect(can({ roles: ['Member'] }, 'reveal:anonymous-authors')).toBe(false);
  });

  it('looks through the roles list and falls back to the single role', () => {
    expect(can({ roles: ['Member', 'Driver'] }, 'claim:order')).toBe(true);
    expect(can({ roles: [], role: 'Admin' }, 'view:admin')).toBe(true);
    expect(rolesOf({})).toEqual(['Member']);
    expect(rolesOf({ roles: ['Member', 'Not A Role'] })).toEqual(['Member']);
    expect(can(null, 'view:admin')).toBe(false);
  });

  it('names the highest role as the primary one', () => {
    expect(primaryRole(['Member', 'Driver', 'Admin'])).toBe('Admin');
    expect(primaryRole([])).toBe('Member');
  });
});

describe('member actions', () => {
  const owner = { id: 'o', roles: ['Owner'] };
  const admin = { id: 'a', roles: ['Admin'] };
  const otherAdmin = { id: 'a2', roles: ['Admin'] };
  const member = { id: 'm', roles: ['Member'] };

  it('protects Owner accounts from everyone', () => {
    expect(memberActionRefusal(admin, owner)).toBe(
      'Owner accounts cannot be banned or have their roles edited.',
    );
    expect(memberActionRefusal(owner, { ...owner, id: 'o2' })).toBeDefined();
  });

  it('lets only the Owner act on Admins or grant Admin', () => {
    expect(memberActionRefusal(admin, otherAdmin)).toBe(
      'Only the Owner can ban or change the roles of an Admin.',
    );
    expect(memberActionRefusal(owner, otherAdmin)).toBeUndefined();
    expect(memberActionRefusal(admin, member, { from: ['Member'], to: ['Member', 'Admin'] })).toBe(
      'Only the Owner can grant or remove the Admin role.',
    );
    expect(memberActionRefusal(owner, member, { from: ['Member'], to: ['Member', 'Admin'] })).toBeUndefined();
  });

  it('never grants Owner, and an Admin cannot act on themself', () => {
    expect(memberActionRefusal(owner, member, { from: ['Member'], to: ['Owner'] })).toBe(
      'The Owner role cannot be granted or removed.',
    );
    expect(memberActionRefusal(admin, admin)).toBeDefined();
  });

  it('lets an Admin ban a member and give them Driver', () => {
    expect(memberActionRefusal(admin, member)).toBeUndefined();
    expect(
      memberActionRefusal(admin, member, { from: ['Member'], to: ['Member', 'Driver'] }),
    ).toBeUndefined();
  });
});

describe('manager roles', () => {
  it('give the capability their name says, and Read-Only sees no contact details or exports', () => {
    expect(can({ roles: ['Catalog Manager'] }, 'manage:catalog')).toBe(true);
    expect(can({ roles: ['Economy Manager'] }, 'manage:economy')).toBe(true);
    expect(can({ roles: ['SMS Manager'] }, 'send:sms')).toBe(true);
    expect(can({ roles: ['Support'] }, 'message:members')).toBe(true);
    expect(can({ roles: ['Support'] }, 'manage:members')).toBe(false);
    expect(can({ roles: ['Read-Only'] }, 'read:orders')).toBe(true);
    expect(can({ roles: ['Read-Only'] }, 'read:contact-details')).toBe(false);
    expect(can({ roles: ['Read-Only'] }, 'export:audit-log')).toBe(false);
    expect(can({ roles: ['Read-Only'] }, 'export:database')).toBe(false);
    for (const role of ['Content Manager', 'Catalog Manager', 'SMS Manager', 'Support', 'Read-Only']) {
      expect(can({ roles: [role] }, 'view:admin')).toBe(true);
    }
  });
});
