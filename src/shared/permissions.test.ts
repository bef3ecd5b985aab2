import { describe, expect, it } from 'vitest';
import { can, primaryRole, rolesOf } from './permissions';

describe('permissions', () => {
  it('gives the Admin tab to Owners and Admins only', () => {
    expect(can({ roles: ['Owner'] }, 'view:admin')).toBe(true);
    expect(can({ roles: ['Admin'] }, 'view:admin')).toBe(true);
    for (const role of ['Member', 'Moderator', 'Driver', 'Support'])
      expect(can({ roles: [role] }, 'view:admin')).toBe(false);
  });

  it('gives the Driver tab to Drivers, Owners and Admins, and Call Dibs to Drivers only', () => {
    expect(can({ roles: ['Driver'] }, 'view:driver-queue')).toBe(true);
    expect(can({ roles: ['Owner'] }, 'view:driver-queue')).toBe(true);
    expect(can({ roles: ['Member'] }, 'view:driver-queue')).toBe(false);
    expect(can({ roles: ['Driver'] }, 'claim:order')).toBe(true);
    expect(can({ roles: ['Admin'] }, 'claim:order')).toBe(false);
    expect(can({ roles: ['Owner'] }, 'claim:order')).toBe(false);
  });

  it('lets Moderators, Admins and Owners see who wrote anonymously', () => {
    expect(can({ roles: ['Moderator'] }, 'reveal:anonymous-authors')).toBe(true);
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
