import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';

/**
 * The code an authenticator app shows now for this manual key (base32), computed as a phone would. Free of server
 * imports, so the Playwright fixtures use it too.
 */
export async function appCode(manualKey: string): Promise<string> {
  return createOTP(new TextDecoder().decode(base32.decode(manualKey))).totp();
}
