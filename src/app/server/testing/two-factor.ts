import type { TwoFactorSetupResponse } from '~/features/accounts/accounts.schema';
import { appCode } from './app-code';
import { cookieHeader } from './members';
import type { TestContext } from './test-context';

/**
 * Turns two-factor on for a signed-in member through the routes, as Account settings does. Returns the new
 * session cookie (confirming swaps the session), the manual key to compute codes from, and the backup codes.
 */
export async function enrolTwoFactor(t: Pick<TestContext, 'call'>, cookie: string, password: string) {
  const started = await t.call('POST', '/api/accounts/account/two-factor', { password }, { Cookie: cookie });
  if (started.status !== 200) throw new Error(`two-factor setup failed: ${await started.text()}`);
  const setup = (await started.json()) as TwoFactorSetupResponse;
  const confirmed = await t.call(
    'POST',
    '/api/accounts/account/two-factor/confirm',
    { code: await appCode(setup.manualKey) },
    { Cookie: cookie },
  );
  if (confirmed.status !== 200) throw new Error(`two-factor confirm failed: ${await confirmed.text()}`);
  return { cookie: cookieHeader(confirmed), ...setup };
}

/** A sign-in's cookies after the password step, to send back with the code (the challenge and remember-me). */
export function withChallenge(response: Response, cookie = ''): string {
  return [cookie, cookieHeader(response)].filter(Boolean).join('; ');
}
