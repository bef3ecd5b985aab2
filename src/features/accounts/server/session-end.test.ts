/**
 * Issue 56: every way a session ends ends its live event stream, an old reset link dies with any password change,
 * and an e-mail link works once (the log of a racing sign-up: sign-up-log.pg.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, tokenOf } from '~/app/server/testing/mail';
import { cookieHeader, registration, signedInMember } from '~/app/server/testing/members';
import { sseReader } from '~/app/server/testing/sse';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    env: {
      RATE_LIMIT_PASSWORD_RESET_PER_EMAIL: '100/60',
      RATE_LIMIT_PASSWORD_RESET_PER_IP: '100/60',
    },
  });
});
afterAll(() => t.close());

const as = (cookie: string) => ({ Cookie: cookie });

/** A second device of the member: signed in again, its own session. */
async function anotherDevice(member: { input: { email: string; password: string } }) {
  const login = await t.call('POST', '/api/accounts/login', {
    email: member.input.email,
    password: member.input.password,
  });
  expect(login.status).toBe(200);
  return cookieHeader(login);
}

async function openStream(cookie: string) {
  const stream = sseReader(await t.call('GET', '/api/events', undefined, as(cookie)));
  await stream.next((m) => m.event === 'ready');
  return stream;
}

/** The stream is still open: a heartbeat arrives (SSE_HEARTBEAT_MS is 500 in tests). */
const stillOpen = (stream: Awaited<ReturnType<typeof openStream>>) => stream.next((m) => m.event === 'ping');

describe('a session that ends takes its live stream with it', () => {
  it('on Log out, and no other device’s', async () => {
    const member = await signedInMember(t);
    const other = await anotherDevice(member);
    const [mine, theirs] = [await openStream(member.cookie), await openStream(other)];
    expect((await t.call('POST', '/api/accounts/logout', {}, as(member.cookie))).status).toBe(200);
    await mine.ended();
    await stillOpen(theirs);
  });

  it('when one device, or every other device, is signed out from Account settings', async () => {
    const member = await signedInMember(t);
    const [second, third] = [await anotherDevice(member), await anotherDevice(member)];
    const [mine, secondStream, thirdStream] = [
      await openStream(member.cookie),
      await openStream(second),
      await openStream(third),
    ];
    const { items } = (await (
      await t.call('GET', '/api/accounts/account/sessions', undefined, as(second))
    ).json()) as { items: { id: string; current: boolean }[] };
    const secondId = items.find((session) => session.current)!.id;
    const one = await t.call(
      'DELETE',
      `/api/accounts/account/sessions/${secondId}`,
      undefined,
      as(member.cookie),
    );
    expect(one.status).toBe(200);
    await secondStream.ended();
    await stillOpen(thirdStream);

    const others = await t.call(
      'POST',
      '/api/accounts/account/sessions/sign-out-others',
      {},
      as(member.cookie),
    );
    expect(others.status).toBe(200);
    await thirdStream.ended();
    await stillOpen(mine);
  });

  it('when a password change signs the other devices out', async () => {
    const member = await signedInMember(t);
    const other = await anotherDevice(member);
    const [mine, theirs] = [await openStream(member.cookie), await openStream(other)];
    const changed = await t.call(
      'POST',
      '/api/accounts/account/password',
      {
        currentPassword: member.input.password,
        newPassword: 'a brand new passphrase',
        signOutOtherDevices: true,
      },
      as(member.cookie),
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    await theirs.ended();
    // better-auth ends this device's session as well and sets a new cookie: the stream opens again with it.
    await mine.ended();
    await stillOpen(await openStream(cookieHeader(changed)));
  });

  it('on a password reset and on Delete My Account, every one of them', async () => {
    const reset = await signedInMember(t);
    const resetStream = await openStream(reset.cookie);
    await t.call('POST', '/api/accounts/forgot-password', { email: reset.input.email });
    const token = tokenOf((await lastMailTo(t, reset.input.email)).link);
    const done = await t.call('POST', '/api/accounts/reset-password', {
      token,
      password: 'reset passphrase 42',
    });
    expect(done.status).toBe(200);
    await resetStream.ended();

    const deleted = await signedInMember(t);
    const deletedStream = await openStream(deleted.cookie);
    const gone = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: deleted.input.password },
      as(deleted.cookie),
    );
    expect(gone.status).toBe(200);
    await deletedStream.ended();
  });
});

describe('links that work once', () => {
  const askForLink = async (email: string) => {
    await t.call('POST', '/api/accounts/forgot-password', { email });
    return tokenOf((await lastMailTo(t, email)).link);
  };

  it('a reset ends every older reset link; a password change ends every outstanding one', async () => {
    const member = await signedInMember(t);
    const older = await askForLink(member.input.email);
    const newer = await askForLink(member.input.email);
    expect(newer).not.toBe(older);
    const reset = await t.call('POST', '/api/accounts/reset-password', {
      token: newer,
      password: 'newer passphrase 1',
    });
    expect(reset.status).toBe(200);
    const replay = await t.call('POST', '/api/accounts/reset-password', {
      token: older,
      password: 'older passphrase 1',
    });
    expect(replay.status).toBe(400);

    const other = await signedInMember(t);
    const outstanding = await askForLink(other.input.email);
    const changed = await t.call(
      'POST',
      '/api/accounts/account/password',
      {
        currentPassword: other.input.password,
        newPassword: 'changed passphrase 1',
        signOutOtherDevices: false,
      },
      as(other.cookie),
    );
    expect(changed.status).toBe(200);
    const undo = await t.call('POST', '/api/accounts/reset-password', {
      token: outstanding,
      password: 'undo passphrase 1',
    });
    expect(undo.status).toBe(400);
  });

  it('an e-mail confirmation link confirms once', async () => {
    const input = registration();
    expect((await t.call('POST', '/api/accounts/register', input)).status).toBe(201);
    const token = tokenOf((await lastMailTo(t, input.email)).link);
    expect((await t.call('POST', '/api/accounts/verify-email', { token })).status).toBe(200);
    const again = await t.call('POST', '/api/accounts/verify-email', { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: { title: 'Link Already Used' } });
  });
});
