import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, fetchFile, routerClient } from '~/client/lib/api-client';
import type { MutationConfig } from '~/client/lib/query-client';
import { saveFile } from '~/client/lib/save-file';
import type { InsightsSection } from '../insights.constants';
import type { InsightsQuery } from '../insights.schema';
import type { insightsRoutes } from '../server/insights.routes';

const insights = routerClient<typeof insightsRoutes>('/admin/insights');

export const insightsQueryKeys = {
  all: ['insights'] as const,
  range: (from: string, to: string) => [...insightsQueryKeys.all, from, to] as const,
};

export const insightsOptions = ({ from, to }: InsightsQuery) =>
  queryOptions({
    queryKey: insightsQueryKeys.range(from, to),
    queryFn: ({ signal }) => call(insights.index.$get({ query: { from, to } }, { init: { signal } })),
    // A new range keeps the last one's figures on screen until its own arrive, so nothing jumps.
    placeholderData: keepPreviousData,
  });

/** Every figure of the Overview tab for a range of days (the shop's), beside the period just before it. */
export function useInsights(range: InsightsQuery) {
  return useQuery(insightsOptions(range));
}

/** Downloads one section of the range as CSV under the server's file name; resolves with that name. */
export function useExportInsights(
  config: MutationConfig<string, InsightsQuery & { section: InsightsSection }> = {},
) {
  return useMutation({
    ...config,
    mutationFn: async (query) => {
      const { blob, filename = `insights-${query.section}.csv` } = await fetchFile(
        insights.export.$get({ query }),
      );
      saveFile(blob, filename);
      return filename;
    },
  });
}
