import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_REQUIRED_MESSAGE } from '~/shared/staff-two-factor';
import { signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { enrolTwoFactor } from '~/app/server/testing/two-factor';

const STAFF_PASSWORD = 'staff-password-1';
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ env: { STAFF_2FA: 'required' } });
});
afterAll(() => t.close());

const get = (path: string, cookie: string) => t.call('GET', path, undefined, { Cookie: cookie });

describe('STAFF_2FA=required', () => {
  // One role per capability that asks for two-factor, and a dashboard route that role may call.
  it.each([
    ['read:contact-details', 'Orders Manager', '/api/admin/orders'],
    ['reveal:anonymous-authors', 'Content Manager', '/api/moderation/content'],
    ['edit:roles', 'Admin', '/api/admin/members'],
    ['send:sms', 'SMS Manager', '/api/admin/sms/sends'],
  ])('staff holding %s (%s) get no dashboard answer until two-factor is set up', async (_cap, role, path) => {
    const staff = await signedInWithRoles(t, [role]);
    const refused = await get(path, staff.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'TWO_FACTOR_REQUIRED', message: TWO_FACTOR_REQUIRED_MESSAGE },
    });
    // Account settings still answer, so they can set it up there.
    expect((await get('/api/accounts/account', staff.cookie)).status).toBe(200);
    const session = await (await get('/api/accounts/session', staff.cookie)).json();
    expect(session).toMatchObject({ staffTwoFactor: 'required', user: { twoFactorEnabled: false } });

    const { cookie } = await enrolTwoFactor(t, staff.cookie, STAFF_PASSWORD);
    expect((await get(path, cookie)).status).toBe(200);
  });

  it('leaves staff without those capabilities alone', async () => {
    const catalog = await signedInWithRoles(t, ['Catalog Manager']);
    expect((await get('/api/admin/stickers', catalog.cookie)).status).toBe(200);
  });
});

describe('STAFF_2FA=optional (the default)', () => {
  it('answers staff without two-factor, and tells the client the setting', async () => {
    const optional = await createTestContext();
    try {
      const admin = await signedInWithRoles(optional, ['Admin']);
      const members = await optional.call('GET', '/api/admin/members', undefined, { Cookie: admin.cookie });
      expect(members.status).toBe(200);
      const session = await optional.call('GET', '/api/accounts/session', undefined, {
        Cookie: admin.cookie,
      });
      expect(await session.json()).toMatchObject({ staffTwoFactor: 'optional' });
    } finally {
      await optional.close();
    }
  });
});
