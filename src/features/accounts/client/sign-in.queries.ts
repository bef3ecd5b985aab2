import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey } from '~/client/lib/session';
import type {
  forgotPasswordSchema,
  LoginInput,
  OwnerLoginInput,
  registerSchema,
  resetPasswordSchema,
  SignInResponse,
  TwoFactorSignInInput,
} from '../accounts.schema';
import { accounts, forgetEverythingBut } from './accounts.queries';
import { accountQueryKeys } from './account-settings.queries';

/** The signed-out pages: Request Access, Log In (with its code step and the Owner's), Forgot password, e-mail links. */
type RegisterFormValues = z.output<typeof registerSchema>;

/** What the Request Access form asks for: a referral code, when the shop is joined by invitation. */
export function useJoinRules() {
  return useQuery({
    queryKey: ['join-rules'],
    queryFn: ({ signal }) => call(accounts['join-rules'].$get({}, { init: { signal } })),
  });
}

export function useRegister(
  config: MutationConfig<ResponseOf<typeof accounts.register.$post>, RegisterFormValues> = {},
) {
  return useApiMutation(
    (input) => call(accounts.register.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

/** A sign-in that answered `twoFactorRequired` has no session yet: the code step comes first. */
function signedIn(queryClient: QueryClient, response: SignInResponse) {
  if (!response.twoFactorRequired) forgetEverythingBut(queryClient, response);
}

export function useLogin(config: MutationConfig<SignInResponse, LoginInput> = {}) {
  return useApiMutation(
    (input) => call(accounts.login.$post({ json: input })),
    async (queryClient, ...args) => signedIn(queryClient, args[0]),
    config,
  );
}

export function useOwnerLogin(config: MutationConfig<SignInResponse, OwnerLoginInput> = {}) {
  return useApiMutation(
    (input) => call(accounts['owner-login'].$post({ json: input })),
    async (queryClient, ...args) => signedIn(queryClient, args[0]),
    config,
  );
}

/** The code step of either sign-in (the challenge travels in its cookie). */
export function useTwoFactorSignIn(config: MutationConfig<SignInResponse, TwoFactorSignInInput> = {}) {
  return useApiMutation(
    (input) => call(accounts.login['two-factor'].$post({ json: input })),
    async (queryClient, ...args) => signedIn(queryClient, args[0]),
    config,
  );
}

// Forgot password and e-mail links.

export function useForgotPassword(
  config: MutationConfig<{ message: string }, z.output<typeof forgotPasswordSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts['forgot-password'].$post({ json: input })),
    () => {},
    config,
  );
}

export function useResetPassword(
  config: MutationConfig<{ ok: true }, z.output<typeof resetPasswordSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts['reset-password'].$post({ json: input })),
    // A new password ends every session of its member, perhaps the one in this browser.
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useVerifyEmail(
  config: MutationConfig<ResponseOf<(typeof accounts)['verify-email']['$post']>, string> = {},
) {
  return useApiMutation(
    (token) => call(accounts['verify-email'].$post({ json: { token } })),
    async (queryClient) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountQueryKeys.all }),
      ]);
    },
    config,
  );
}
