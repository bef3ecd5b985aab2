import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api } from '~/client/lib/api-client';
import type { MutationConfig } from '~/client/lib/query-client';

import { sessionQueryKey, sessionQueryOptions } from '~/client/lib/session';

import { clearCart } from '~/client/lib/cart-storage';

import type { z } from 'zod';

import type { LoginInput, OwnerLoginInput, RegisterResponse, registerSchema } from '../accounts.schema';

import type { SessionResponse } from '~/shared/session';

/** Someone else's data must never show for the member who signs in next. */
function forgetEverythingBut(queryClient: QueryClient, session: SessionResponse) {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
  });
  queryClient.setQueryData(sessionQueryOptions.queryKey, session);
}

export type RegisterFormValues = z.output<typeof registerSchema>;

export function useRegister(config: MutationConfig<RegisterResponse, RegisterFormValues> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (input) => api<RegisterResponse>('/accounts/register', { body: input }),
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await config.onSuccess?.(...args);
    },
  });
}

export function useLogin(config: MutationConfig<SessionResponse, LoginInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (input) => api<SessionResponse>('/accounts/login', { body: input }),
    onSuccess: async (...args) => {
      forgetEverythingBut(queryClient, args[0]);
      await config.onSuccess?.(...args);
    },
  });
}

export function useOwnerLogin(config: MutationConfig<SessionResponse, OwnerLoginInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (input) => api<SessionResponse>('/accounts/owner-login', { body: input }),
    onSuccess: async (...args) => {
      forgetEverythingBut(queryClient, args[0]);
      await config.onSuccess?.(...args);
    },
  });
}

export function useLogout(config: MutationConfig<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => api<unknown>('/accounts/logout', { method: 'POST' }),
    onSuccess: async (...args) => {
      // The cart is kept per member on this device only while they are signed in (ARCHITECTURE.md departure 1).
      const userId = queryClient.getQueryData(sessionQueryOptions.queryKey)?.user?.id;
      if (userId) clearCart(userId);
      forgetEverythingBut(queryClient, { user: null });
      await config.onSuccess?.(...args);
    },
  });
}
