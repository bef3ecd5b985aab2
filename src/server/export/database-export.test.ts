import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { account, session, user } from '~/server/db/tables/auth.tables';
import { signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { EXPORT_FORMAT, EXPORT_SECTIONS } from './database-export';

const AUTH_TOKEN = 'export-test-token-77aa';
let t: TestContext;
let owner: { id: string; cookie: string };
let admin: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await signedInWithRoles(t, ['Owner'], { name: 'Export Owner' });
  admin = await signedInWithRoles(t, ['Admin'], { name: 'Export Admin' });
  const saved = await t.call(
    'PUT',
    '/api/admin/sms/settings',
    { accountSid: `AC${'d4'.repeat(16)}`, sender: '+12025550199', authToken: AUTH_TOKEN, dailyCap: 40 },
    { Cookie: owner.cookie },
  );
  expect(saved.status).toBe(200);
  // One Mass SMS, to the Owner (who agreed to SMS), so the SMS sections have rows.
  await t.database.db.update(user).set({ smsConsent: true }).where(eq(user.id, owner.id));
  const sent = await t.call(
    'POST',
    '/api/admin/sms/sends',
    { segment: 'all', message: 'In the export', idempotencyKey: 'export-test-send' },
    { Cookie: owner.cookie },
  );
  expect(sent.status).toBe(201);
});
afterAll(() => t.close());

it('streams every section as JSON to the Owner, without hashes, sessions or secrets, and audits it', async () => {
  const response = await t.call('GET', '/api/admin/export/database', undefined, { Cookie: owner.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('application/json');
  expect(response.headers.get('Content-Disposition')).toMatch(
    /^attachment; filename="vault-export-.+\.json"$/,
  );
  const text = await response.text();
  const body = JSON.parse(text) as Record<string, unknown> & {
    members: Record<string, unknown>[];
    smsSends: Record<string, unknown>[];
    smsRecipients: Record<string, unknown>[];
    auditLog: Record<string, unknown>[];
    settings: { shop: { smsDailyCap: number } | null; sms: Record<string, unknown> };
  };

  expect(body).toMatchObject({ format: EXPORT_FORMAT, formatVersion: 1 });
  for (const section of EXPORT_SECTIONS) expect(Array.isArray(body[section.name])).toBe(true);
  const exportedOwner = body.members.find((member) => member.id === owner.id);
  expect(exportedOwner).toMatchObject({ name: 'Export Owner', roles: ['Owner'] });
  expect(Object.keys(exportedOwner!)).not.toContain('password');
  expect(body.smsSends).toEqual([expect.objectContaining({ message: 'In the export', recipientCount: 1 })]);
  expect(body.smsRecipients).toEqual([expect.objectContaining({ userId: owner.id, phone: '+12025550100' })]);
  // The reward catalogue (seeded by its migration) and the redemptions and weekly totals beside it.
  expect(body.rewards).toHaveLength(7);
  expect(body.redemptions).toEqual([]);
  expect(Array.isArray(body.weeklyCoins)).toBe(true);
  expect(body.auditLog.map((row) => row.eventType)).toEqual(
    expect.arrayContaining(['SMS_SETTINGS_CHANGED', 'SMS_SENT']),
  );
  expect(body.settings.sms).toEqual(expect.objectContaining({ sender: '+12025550199', authTokenSet: true }));
  expect(body.settings.shop?.smsDailyCap).toBe(40);

  // Nothing that signs in or decrypts.
  const [hash] = await t.database.db.select({ password: account.password }).from(account).limit(1);
  const sessions = await t.database.db.select({ token: session.token, id: session.id }).from(session);
  expect(hash?.password).toBeTruthy();
  expect(sessions.length).toBeGreaterThan(0);
  expect(text).not.toContain(hash!.password!);
  for (const { token, id } of sessions) {
    expect(text).not.toContain(token);
    expect(text).not.toContain(id);
  }
  expect(text).not.toContain(AUTH_TOKEN);
  expect(text).not.toMatch(/authTokenEncrypted|"v1\.[\w-]+\.[\w-]+\./);
  expect(body).not.toHaveProperty('sessions');
  expect(body).not.toHaveProperty('accounts');

  const audits = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.eventType, 'DATABASE_EXPORTED'));
  expect(audits.map((row) => row.actorId)).toEqual([owner.id]);
});

it('is the Owner’s only: an Admin is refused', async () => {
  const response = await t.call('GET', '/api/admin/export/database', undefined, { Cookie: admin.cookie });
  expect(response.status).toBe(403);
});
