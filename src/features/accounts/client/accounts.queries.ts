import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, isApiError, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import { sessionQueryKey, sessionQueryOptions } from '~/client/lib/session';
import { clearCart } from '~/client/lib/cart-storage';
import type { SessionResponse } from '~/shared/session';
import type {
  AccountDetails,
  changeEmailSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  LoginInput,
  OwnerLoginInput,
  registerSchema,
  resetPasswordSchema,
  SignInResponse,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  TwoFactorSetupResponse,
  twoFactorSetupSchema,
  TwoFactorSignInInput,
  updateAccountSchema,
} from '../accounts.schema';
import type { accountsRoutes } from '../server/accounts.routes';

const accounts = routerClient<typeof accountsRoutes>('/accounts');

/** Someone else's data must never show for the member who signs in next. */
function forgetEverythingBut(queryClient: QueryClient, session: SessionResponse) {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
  });
  queryClient.setQueryData(sessionQueryOptions.queryKey, session);
}

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

export function useLogout(config: MutationConfig<unknown, void> = {}) {
  return useApiMutation(
    () => call(accounts.logout.$post()),
    async (queryClient) => {
      // The cart is kept per member on this device only while they are signed in (ARCHITECTURE.md departure 1).
      const userId = queryClient.getQueryData(sessionQueryOptions.queryKey)?.user?.id;
      if (userId) clearCart(userId);
      forgetEverythingBut(queryClient, { user: null });
    },
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

/** Sends the confirmation link again. "Already confirmed" (409) means the session is out of date: read it again. */
export function useResendVerificationEmail(
  config: MutationConfig<ResponseOf<(typeof accounts)['verification-email']['$post']>, void> = {},
) {
  const queryClient = useQueryClient();
  return useApiMutation(
    () => call(accounts['verification-email'].$post()),
    () => {},
    {
      ...config,
      onError: (error, ...rest) => {
        if (isApiError(error, 'CONFLICT')) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        return config.onError?.(error, ...rest);
      },
    },
  );
}

// Account settings (/account).

export const accountQueryKeys = {
  all: ['account'] as const,
  details: () => [...accountQueryKeys.all, 'details'] as const,
  sessions: () => [...accountQueryKeys.all, 'sessions'] as const,
};

export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKeys.details(),
  queryFn: ({ signal }) => call(accounts.account.$get({}, { init: { signal } })),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}

export function useUpdateAccount(
  config: MutationConfig<AccountDetails, z.output<typeof updateAccountSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account.$patch({ json: input })),
    async (queryClient, saved) => {
      queryClient.setQueryData(accountQueryOptions.queryKey, saved);
      // Checkout pre-fills the phone and address from the session (the event stream also says so, a moment later).
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useChangePassword(
  config: MutationConfig<{ ok: true }, z.output<typeof changePasswordSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account.password.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() });
    },
    config,
  );
}

export function useChangeEmail(
  config: MutationConfig<
    ResponseOf<typeof accounts.account.email.$post>,
    z.output<typeof changeEmailSchema>
  > = {},
) {
  return useApiMutation(
    (input) => call(accounts.account.email.$post({ json: input })),
    () => {},
    config,
  );
}

export const accountSessionsQueryOptions = queryOptions({
  queryKey: accountQueryKeys.sessions(),
  queryFn: ({ signal }) => call(accounts.account.sessions.$get({}, { init: { signal } })),
});

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions);
}

export function useSignOutSession(config: MutationConfig<{ ok: true }, string> = {}) {
  return useApiMutation(
    (id) => call(accounts.account.sessions[':id'].$delete({ param: { id } })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() });
    },
    config,
  );
}

export function useSignOutOtherSessions(config: MutationConfig<{ ended: number }, void> = {}) {
  return useApiMutation(
    () => call(accounts.account.sessions['sign-out-others'].$post()),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKeys.sessions() });
    },
    config,
  );
}

// Two-factor sign-in (/account#two-factor).

export function useStartTwoFactorSetup(
  config: MutationConfig<TwoFactorSetupResponse, z.output<typeof twoFactorSetupSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account['two-factor'].$post({ json: input })),
    () => {},
    config,
  );
}

export function useConfirmTwoFactor(
  config: MutationConfig<{ ok: true }, z.output<typeof twoFactorConfirmSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account['two-factor'].confirm.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}

export function useDisableTwoFactor(
  config: MutationConfig<{ ok: true }, z.output<typeof twoFactorDisableSchema>> = {},
) {
  return useApiMutation(
    (input) => call(accounts.account['two-factor'].disable.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    config,
  );
}
