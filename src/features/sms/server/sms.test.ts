import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '~/server/db/tables/audit.tables';
import { user } from '~/server/db/tables/auth.tables';
import { smsRecipient, smsSend, smsSettings } from '~/server/db/tables/sms.tables';
import { createLogger } from '~/server/logger';
import { createSecretBox } from '~/server/secret-box';
import { signedInWithRoles } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import type {
  SendSmsResponse,
  SmsAudienceResponse,
  SmsRecipientsResponse,
  SmsSendsResponse,
  SmsSettingsView,
} from '../sms.schema';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { logOnlyProvider } from './sms-provider';
import {
  claimDueRecipients,
  retryDelayMs,
  SMS_CLAIM_LEASE_MS,
  SMS_MAX_ATTEMPTS,
  sendDueSms,
} from './sms-sender';
import { insertSmsMember } from './sms.seed';

const ACCOUNT_SID = `AC${'a1'.repeat(16)}`;
const AUTH_TOKEN = 'twilio-auth-token-9f3c';

let t: TestContext;
let twilio: FakeTwilio;
let admin: { id: string; cookie: string };
let smsManager: { cookie: string };
let readOnly: { cookie: string };
let ordersManager: { cookie: string };

const as = (cookie: string) => ({ Cookie: cookie });
let keyCounter = 0;
const newKey = () => `test-key-${(keyCounter += 1)}-${Date.now()}`;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestContext({ env: { TWILIO_BASE_URL: twilio.baseUrl } });
  admin = await signedInWithRoles(t, ['Admin']);
  smsManager = await signedInWithRoles(t, ['SMS Manager']);
  readOnly = await signedInWithRoles(t, ['Read-Only']);
  ordersManager = await signedInWithRoles(t, ['Orders Manager']);
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

/** Every test starts with no members who could receive an SMS, an empty log and no provider. */
beforeEach(async () => {
  await t.database.db.delete(smsSend).where(eq(smsSend.status, smsSend.status));
  await t.database.db.update(user).set({ smsConsent: false }).where(eq(user.smsConsent, true));
  await t.database.db.delete(smsSettings).where(eq(smsSettings.id, 1));
  await saveSettings({ accountSid: '', sender: '', clearAuthToken: true, dailyCap: 500 });
  twilio.requests.length = 0;
  twilio.respond = (request) => ({
    status: 201,
    body: { sid: `SM${String(twilio.requests.indexOf(request)).padStart(32, '0')}` },
  });
});

async function send(body: Record<string, unknown>, cookie = admin.cookie) {
  return t.call('POST', '/api/admin/sms/sends', { idempotencyKey: newKey(), ...body }, as(cookie));
}

async function saveSettings(body: Record<string, unknown>, cookie = admin.cookie) {
  const response = await t.call('PUT', '/api/admin/sms/settings', body, as(cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as SmsSettingsView;
}

async function audience(segment: string) {
  const response = await t.call(
    'GET',
    `/api/admin/sms/audience?segment=${segment}`,
    undefined,
    as(admin.cookie),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as SmsAudienceResponse;
}

async function log(cookie = admin.cookie) {
  const response = await t.call('GET', '/api/admin/sms/sends', undefined, as(cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as SmsSendsResponse;
}

async function recipientsOf(sendId: string, cookie = admin.cookie) {
  const response = await t.call('GET', `/api/admin/sms/sends/${sendId}/recipients`, undefined, as(cookie));
  expect(response.status).toBe(200);
  return (await response.json()) as SmsRecipientsResponse;
}

/** Runs the queue as the server's job does, batch after batch until nothing is due. */
async function drain() {
  let claimed = 0;
  for (;;) {
    const result = await sendDueSms(t.ctx());
    if (result.claimed === 0) return claimed;
    claimed += result.claimed;
  }
}

describe('recipients', () => {
  it('are members of the segment with SMS consent, approved, not banned, with a phone', async () => {
    const db = t.database.db;
    const member = await insertSmsMember(db, { name: 'Alma Member' });
    const driver = await insertSmsMember(db, { name: 'Dora Driver', roles: ['Member', 'Driver'] });
    const moderator = await insertSmsMember(db, { name: 'Mo Moderator', roles: ['Moderator'] });
    await insertSmsMember(db, { name: 'No Consent', smsConsent: false });
    await insertSmsMember(db, { name: 'Pending Member', status: 'pending' });
    await insertSmsMember(db, { name: 'Banned Member', banned: true });
    await insertSmsMember(db, { name: 'No Phone', phone: '' });
    await insertSmsMember(db, { name: 'Banned Driver', roles: ['Driver'], banned: true });

    expect((await audience('all')).recipientCount).toBe(3);
    expect((await audience('Member')).recipientCount).toBe(2);
    expect((await audience('Driver')).recipientCount).toBe(1);
    expect((await audience('Moderator')).recipientCount).toBe(1);
    expect((await audience('Admin')).recipientCount).toBe(0);

    const response = await send({ segment: 'all', message: '  Doors open at 8 tonight.  ' });
    expect(response.status).toBe(201);
    const { send: sent } = (await response.json()) as SendSmsResponse;
    expect(sent).toMatchObject({
      message: 'Doors open at 8 tonight.',
      segment: 'all',
      recipientCount: 3,
      status: 'sending',
      counts: { pending: 3, sent: 0, failed: 0 },
    });
    const rows = await db.select().from(smsRecipient).where(eq(smsRecipient.sendId, sent.id));
    expect(rows.map((row) => row.userId).sort()).toEqual([member.id, driver.id, moderator.id].sort());
    expect(rows.every((row) => row.status === 'pending')).toBe(true);

    const driversOnly = (await (
      await send({ segment: 'Driver', message: 'Drivers: van at 6.' })
    ).json()) as SendSmsResponse;
    const driverRows = await db
      .select()
      .from(smsRecipient)
      .where(eq(smsRecipient.sendId, driversOnly.send.id));
    expect(driverRows.map((row) => [row.userId, row.phone])).toEqual([[driver.id, driver.phone]]);

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.eventType, 'SMS_SENT')).limit(1);
    expect(audit?.actorId).toBe(admin.id);
  });

  it('a segment with no recipients is refused whole', async () => {
    await insertSmsMember(t.database.db, { roles: ['Member'] });
    const response = await send({ segment: 'Admin', message: 'Staff meeting.' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: { title: string; message: string } };
    expect(body.error.title).toBe('No recipients');
    expect(body.error.message).toMatch(/No members in this segment/);
    expect(await t.database.db.select().from(smsSend)).toHaveLength(0);
  });
});

describe('the message', () => {
  it('is required after trimming, and at most 160 characters, on the server too', async () => {
    await insertSmsMember(t.database.db);
    for (const message of ['', '   \n ']) {
      const response = await send({ segment: 'all', message });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.message).toBe('Please enter a message to send.');
      expect(body.error.fields.message).toBe('Please enter a message to send.');
    }
    const tooLong = await send({ segment: 'all', message: 'x'.repeat(161) });
    expect(tooLong.status).toBe(400);
    expect(await t.database.db.select().from(smsSend)).toHaveLength(0);
    expect((await send({ segment: 'all', message: 'y'.repeat(160) })).status).toBe(201);
  });

  it('refuses an unknown segment', async () => {
    expect((await send({ segment: 'Owner', message: 'Hi' })).status).toBe(400);
  });
});

describe('the daily cap', () => {
  it('refuses a send that would pass it, whole; 24 hours later there is room again', async () => {
    await saveSettings({ accountSid: '', sender: '', dailyCap: 3 });
    for (let i = 0; i < 2; i += 1) await insertSmsMember(t.database.db);
    expect((await send({ segment: 'all', message: 'First' })).status).toBe(201);
    expect(await audience('all')).toMatchObject({ recipientCount: 2, dailyCap: 3, sentToday: 2 });

    const refused = await send({ segment: 'all', message: 'Second' });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { title: string; message: string } };
    expect(body.error.title).toBe('Daily SMS limit reached');
    expect(body.error.message).toContain('only 1 more SMS');
    expect(await t.database.db.select().from(smsSend)).toHaveLength(1);
    expect(await t.database.db.select().from(smsRecipient)).toHaveLength(2);

    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await send({ segment: 'all', message: 'Third' })).status).toBe(201);
  });
});

describe('idempotency', () => {
  it('the same key twice is one send', async () => {
    await insertSmsMember(t.database.db);
    const body = { segment: 'all', message: 'Once only', idempotencyKey: newKey() };
    const first = await t.call('POST', '/api/admin/sms/sends', body, as(admin.cookie));
    const second = await t.call('POST', '/api/admin/sms/sends', body, as(admin.cookie));
    expect([first.status, second.status]).toEqual([201, 200]);
    const [a, b] = [(await first.json()) as SendSmsResponse, (await second.json()) as SendSmsResponse];
    expect(b.send.id).toBe(a.send.id);
    expect(await t.database.db.select().from(smsSend)).toHaveLength(1);
    expect(await t.database.db.select().from(smsRecipient)).toHaveLength(1);
  });
});

describe('the log', () => {
  it('is empty at first, then lists sends newest first with a count and per-recipient statuses', async () => {
    expect(await log()).toEqual({ items: [], nextCursor: null, total: 0 });
    await insertSmsMember(t.database.db);
    await send({ segment: 'all', message: 'Older' });
    t.clock.advance(1000);
    await send({ segment: 'Member', message: 'Newer' });
    const page = await log();
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.message)).toEqual(['Newer', 'Older']);
    expect(page.items[0]).toMatchObject({ segment: 'Member', recipientCount: 1, status: 'sending' });
  });

  it('shows names and phones to send:sms and read:contact-details only; Read-Only sees counts and statuses', async () => {
    const member = await insertSmsMember(t.database.db, { name: 'Private Person', phone: '+12025559876' });
    const { send: sent } = (await (
      await send({ segment: 'all', message: 'Hello' })
    ).json()) as SendSmsResponse;

    for (const cookie of [admin.cookie, smsManager.cookie]) {
      const [row] = (await recipientsOf(sent.id, cookie)).items;
      expect(row).toMatchObject({ name: member.name, phone: member.phone, status: 'pending' });
    }
    const readOnlyLog = await log(readOnly.cookie);
    expect(readOnlyLog.items[0]).toMatchObject({ recipientCount: 1, counts: { pending: 1 } });
    const [hidden] = (await recipientsOf(sent.id, readOnly.cookie)).items;
    expect(hidden).toMatchObject({ name: null, phone: null, status: 'pending' });
    // The phone in any format and the name; not just its last four digits, which a random id can hold by chance.
    for (const privateText of ['5559876', '555-9876', 'Private Person']) {
      expect(JSON.stringify(readOnlyLog)).not.toContain(privateText);
    }

    // Contact details without read:sms is still no log.
    const refused = await t.call('GET', '/api/admin/sms/sends', undefined, as(ordersManager.cookie));
    expect(refused.status).toBe(403);
    expect((await send({ segment: 'all', message: 'x' }, readOnly.cookie)).status).toBe(403);
  });
});

describe('sending', () => {
  it('goes to the log-only provider without credentials, and the server log says nothing left the machine', async () => {
    for (let i = 0; i < 3; i += 1) await insertSmsMember(t.database.db);
    const { send: sent, provider } = (await (
      await send({ segment: 'all', message: 'Log me' })
    ).json()) as SendSmsResponse;
    // The answer tells the sender's screen that nothing will leave the machine.
    expect(provider).toBe('log');
    expect(await drain()).toBe(3);
    expect(twilio.requests).toHaveLength(0);
    const [item] = (await log()).items;
    expect(item).toMatchObject({
      id: sent.id,
      status: 'sent',
      logOnly: true,
      counts: { pending: 0, sent: 3 },
    });

    const lines: string[] = [];
    const logger = createLogger(
      { nodeEnv: 'production', logLevel: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const result = await logOnlyProvider(logger).send({ to: '+12025551234', body: 'Hi' });
    expect(result.ok).toBe(true);
    expect(lines.join('')).toContain('nothing left the machine');
    expect(lines.join('')).not.toContain('+12025551234');
  });

  it('sends through Twilio once credentials are saved: one request per recipient, basic auth, To/Body/From', async () => {
    const members = [await insertSmsMember(t.database.db), await insertSmsMember(t.database.db)];
    await saveSettings({
      accountSid: ACCOUNT_SID,
      sender: '(202) 555-0199',
      authToken: AUTH_TOKEN,
      dailyCap: 500,
    });
    const queued = (await (await send({ segment: 'all', message: 'Via Twilio' })).json()) as SendSmsResponse;
    expect(queued.provider).toBe('twilio');
    expect(await drain()).toBe(2);

    expect(twilio.requests).toHaveLength(2);
    const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
    for (const request of twilio.requests) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
      expect(request.authorization).toBe(expectedAuth);
      expect(request.form).toMatchObject({ Body: 'Via Twilio', From: '+12025550199' });
    }
    expect(twilio.requests.map((r) => r.form.To).sort()).toEqual(members.map((m) => m.phone).sort());
    const rows = await t.database.db.select().from(smsRecipient);
    expect(rows.every((row) => row.status === 'sent' && row.provider === 'twilio')).toBe(true);
    expect(rows.every((row) => row.providerMessageId?.startsWith('SM'))).toBe(true);
    expect((await log()).items[0]).toMatchObject({ status: 'sent', logOnly: false });

    // A Messaging Service instead of a number.
    const service = `MG${'b2'.repeat(16)}`;
    await saveSettings({ accountSid: ACCOUNT_SID, sender: service, dailyCap: 500 });
    await send({ segment: 'all', message: 'Via a service' });
    await drain();
    expect(twilio.requests.at(-1)?.form).toMatchObject({
      MessagingServiceSid: service,
      Body: 'Via a service',
    });
    expect(twilio.requests.at(-1)?.form.From).toBeUndefined();
  });

  it("Twilio's unsubscribed-recipient error fails that message and turns the member's SMS consent off", async () => {
    const stopped = await insertSmsMember(t.database.db, { phone: '+12025550111' });
    const other = await insertSmsMember(t.database.db, { phone: '+12025550112' });
    await saveSettings({
      accountSid: ACCOUNT_SID,
      sender: '+12025550199',
      authToken: AUTH_TOKEN,
      dailyCap: 500,
    });
    twilio.respond = (request) =>
      request.form.To === stopped.phone
        ? {
            status: 400,
            body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
          }
        : { status: 201, body: { sid: 'SM1' } };
    await send({ segment: 'all', message: 'Hello' });
    await drain();

    const rows = await t.database.db.select().from(smsRecipient);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(stopped.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(byUser.get(stopped.id)?.error).toContain('21610');
    expect(byUser.get(other.id)?.status).toBe('sent');
    const [member] = await t.database.db.select().from(user).where(eq(user.id, stopped.id));
    expect(member?.smsConsent).toBe(false);
    expect((await log()).items[0]).toMatchObject({ status: 'partial', counts: { sent: 1, failed: 1 } });
    expect((await audience('all')).recipientCount).toBe(1);
  });

  it('retries a failing provider with back-off, and gives up after the last attempt', async () => {
    await insertSmsMember(t.database.db);
    await saveSettings({
      accountSid: ACCOUNT_SID,
      sender: '+12025550199',
      authToken: AUTH_TOKEN,
      dailyCap: 500,
    });
    twilio.respond = () => ({ status: 503, body: { code: 20503, message: 'Service unavailable' } });
    await send({ segment: 'all', message: 'Try again' });

    await drain();
    expect(twilio.requests).toHaveLength(1);
    let [row] = await t.database.db.select().from(smsRecipient);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1));

    // Not due yet: nothing is sent.
    t.clock.advance(retryDelayMs(1) - 1);
    await drain();
    expect(twilio.requests).toHaveLength(1);

    // Due: sent now that Twilio answers again.
    t.clock.advance(1);
    twilio.respond = () => ({ status: 201, body: { sid: 'SM-after-retry' } });
    await drain();
    expect(twilio.requests).toHaveLength(2);
    [row] = await t.database.db.select().from(smsRecipient);
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerMessageId: 'SM-after-retry',
      error: null,
    });

    // Always failing: failed after SMS_MAX_ATTEMPTS.
    twilio.requests.length = 0;
    twilio.respond = () => ({ status: 500, body: { message: 'boom' } });
    await send({ segment: 'all', message: 'Never arrives' });
    for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt += 1) {
      await drain();
      t.clock.advance(retryDelayMs(attempt));
    }
    await drain();
    expect(twilio.requests).toHaveLength(SMS_MAX_ATTEMPTS);
    const [failed] = await t.database.db.select().from(smsRecipient).where(eq(smsRecipient.status, 'failed'));
    expect(failed?.attempts).toBe(SMS_MAX_ATTEMPTS);
    expect((await log()).items[0]).toMatchObject({ message: 'Never arrives', status: 'failed' });
  });

  it('resumes after a restart mid-send: the abandoned claims are sent once their lease runs out', async () => {
    const members = [];
    for (let i = 0; i < 5; i += 1) members.push(await insertSmsMember(t.database.db));
    await saveSettings({
      accountSid: ACCOUNT_SID,
      sender: '+12025550199',
      authToken: AUTH_TOKEN,
      dailyCap: 500,
    });
    await send({ segment: 'all', message: 'Survives a restart' });

    // An instance claims two recipients and stops before it sends them.
    const abandoned = await claimDueRecipients(t.ctx(), 2);
    expect(abandoned).toHaveLength(2);

    // After the restart, the rest go out; the claimed two wait for their lease.
    expect(await drain()).toBe(3);
    expect(twilio.requests).toHaveLength(3);
    t.clock.advance(SMS_CLAIM_LEASE_MS + 1);
    expect(await drain()).toBe(2);

    expect(twilio.requests.map((r) => r.form.To).sort()).toEqual(members.map((m) => m.phone).sort());
    expect((await log()).items[0]).toMatchObject({ status: 'sent', counts: { sent: 5, pending: 0 } });
  });
});

describe('SMS settings', () => {
  it('keep the auth token write-only and encrypted at rest', async () => {
    const saved = await saveSettings({
      accountSid: ACCOUNT_SID,
      sender: '+1 202 555 0199',
      authToken: AUTH_TOKEN,
      dailyCap: 250,
    });
    expect(saved).toEqual({
      accountSid: ACCOUNT_SID,
      sender: '+12025550199',
      authToken: { set: true, last4: '9f3c' },
      dailyCap: 250,
      provider: 'twilio',
    });
    const read = await t.call('GET', '/api/admin/sms/settings', undefined, as(admin.cookie));
    const text = await read.text();
    expect(text).not.toContain(AUTH_TOKEN);
    expect(JSON.parse(text)).toEqual(saved);

    // Stored only sealed, with the server secret's key.
    const [row] = await t.database.db.select().from(smsSettings);
    expect(row?.authTokenEncrypted).toBeTruthy();
    expect(row?.authTokenEncrypted).not.toContain(AUTH_TOKEN);
    expect(
      createSecretBox('some other secret that is long enough!!').open(row!.authTokenEncrypted!),
    ).toBeUndefined();

    // Saving without a token keeps it; the audit says what changed, never the token.
    const kept = await saveSettings({ accountSid: ACCOUNT_SID, sender: '+12025550199', dailyCap: 250 });
    expect(kept.authToken).toEqual({ set: true, last4: '9f3c' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eventType, 'SMS_SETTINGS_CHANGED'));
    expect(JSON.stringify(audits)).not.toContain(AUTH_TOKEN);

    const cleared = await saveSettings({
      accountSid: ACCOUNT_SID,
      sender: '+12025550199',
      clearAuthToken: true,
      dailyCap: 250,
    });
    expect(cleared).toMatchObject({ authToken: { set: false, last4: null }, provider: 'log' });
  });

  it('refuse bad values and non-settings roles', async () => {
    for (const body of [
      { accountSid: 'nope', sender: '', dailyCap: 10 },
      { accountSid: '', sender: 'not a phone', dailyCap: 10 },
      { accountSid: '', sender: '', dailyCap: -1 },
      { accountSid: '', sender: '', authToken: 'short', dailyCap: 10 },
    ]) {
      expect((await t.call('PUT', '/api/admin/sms/settings', body, as(admin.cookie))).status).toBe(400);
    }
    expect((await t.call('GET', '/api/admin/sms/settings', undefined, as(smsManager.cookie))).status).toBe(
      403,
    );
  });
});
