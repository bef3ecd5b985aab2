import { queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { call, fetchFile, routerClient } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import type { MutationConfig } from '~/client/lib/query-client';
import { saveFile } from '~/client/lib/save-file';
import type { AuditLogFiltersInput } from '../audit.schema';
import type { auditLogRoutes } from '../server/audit-log.routes';

const auditLog = routerClient<typeof auditLogRoutes>('/admin/audit-log');

/** The filters as the API takes them: only those set. */
export type AuditLogQueryFilters = { [K in keyof AuditLogFiltersInput]?: string };

export const auditLogQueryKeys = {
  all: ['audit-log'] as const,
  list: (filters: AuditLogQueryFilters) => [...auditLogQueryKeys.all, 'list', filters] as const,
  options: () => [...auditLogQueryKeys.all, 'options'] as const,
};

export const auditLogListOptions = (filters: AuditLogQueryFilters) =>
  pagedQueryOptions({
    queryKey: auditLogQueryKeys.list(filters),
    queryFn: ({ cursor, init }) => call(auditLog.index.$get({ query: { ...filters, cursor } }, { init })),
  });

/** The log, newest first, a page at a time, with these filters. */
export function useAuditLog(filters: AuditLogQueryFilters) {
  return useInfiniteQuery(auditLogListOptions(filters));
}

export const auditLogChoicesOptions = queryOptions({
  queryKey: auditLogQueryKeys.options(),
  queryFn: ({ signal }) => call(auditLog.options.$get({}, { init: { signal } })),
});

/** The filters' choices: event types, drivers, actors. */
export function useAuditLogChoices() {
  return useQuery(auditLogChoicesOptions);
}

/** Downloads the log with these filters as CSV under the server's file name; resolves with that name. */
export function useExportAuditLog(config: MutationConfig<string, AuditLogQueryFilters> = {}) {
  return useMutation({
    ...config,
    mutationFn: async (filters) => {
      const { blob, filename = 'audit-log.csv' } = await fetchFile(auditLog.export.$get({ query: filters }));
      saveFile(blob, filename);
      return filename;
    },
  });
}
