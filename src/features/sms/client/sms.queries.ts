import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, routerClient, type ResponseOf } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type { SendSmsInput, UpdateSmsSettingsInput } from '../sms.schema';
import type { SmsSegment } from '../sms.constants';
import type { adminSmsRoutes } from '../server/sms.routes';

const sms = routerClient<typeof adminSmsRoutes>('/admin/sms');

/** Everything under 'sms' is refetched by the event stream's 'sms.changed' (a send queued or delivered). */
export const smsQueryKeys = {
  all: ['sms'] as const,
  sends: () => [...smsQueryKeys.all, 'sends'] as const,
  recipients: (sendId: string) => [...smsQueryKeys.all, 'recipients', sendId] as const,
  audience: (segment: SmsSegment) => [...smsQueryKeys.all, 'audience', segment] as const,
  settings: () => [...smsQueryKeys.all, 'settings'] as const,
};

/** The SMS log, newest first; every page carries the total. */
export const smsSendsQueryOptions = pagedQueryOptions({
  queryKey: smsQueryKeys.sends(),
  queryFn: ({ cursor, init }) => call(sms.sends.$get({ query: { cursor } }, { init })),
});

export function useSmsSends() {
  return useInfiniteQuery(smsSendsQueryOptions);
}

export function smsRecipientsQueryOptions(sendId: string) {
  return pagedQueryOptions({
    queryKey: smsQueryKeys.recipients(sendId),
    queryFn: ({ cursor, init }) =>
      call(sms.sends[':sendId'].recipients.$get({ param: { sendId }, query: { cursor } }, { init })),
  });
}

export function useSmsRecipients(sendId: string) {
  return useInfiniteQuery(smsRecipientsQueryOptions(sendId));
}

/** How many members a segment reaches now (the confirm step asks when it opens). */
export function smsAudienceQueryOptions(segment: SmsSegment) {
  return queryOptions({
    queryKey: smsQueryKeys.audience(segment),
    queryFn: ({ signal }) => call(sms.audience.$get({ query: { segment } }, { init: { signal } })),
    staleTime: 0,
  });
}

export function useSmsAudience(segment: SmsSegment, enabled: boolean) {
  return useQuery({ ...smsAudienceQueryOptions(segment), enabled });
}

export function useSendSms(config: MutationConfig<ResponseOf<typeof sms.sends.$post>, SendSmsInput> = {}) {
  return useApiMutation(
    (input) => call(sms.sends.$post({ json: input })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: smsQueryKeys.all }),
    config,
  );
}

export const smsSettingsQueryOptions = queryOptions({
  queryKey: smsQueryKeys.settings(),
  queryFn: ({ signal }) => call(sms.settings.$get({}, { init: { signal } })),
});

export function useSmsSettings() {
  return useQuery(smsSettingsQueryOptions);
}

export function useUpdateSmsSettings(
  config: MutationConfig<ResponseOf<typeof sms.settings.$put>, UpdateSmsSettingsInput> = {},
) {
  return useApiMutation(
    (input) => call(sms.settings.$put({ json: input })),
    (queryClient, saved) => queryClient.setQueryData(smsSettingsQueryOptions.queryKey, saved),
    config,
  );
}
