import fs from 'node:fs';
import path from 'node:path';
import type { Access } from '~/server/middleware/access';

/** The committed route → access table the policy test holds the code to (see src/server/route-policy.test.ts). */
export const ROUTE_ACCESS_SNAPSHOT = path.join(import.meta.dirname, '../route-access.snapshot');

export interface RouteAccessLine {
  method: string;
  /** As registered, with :params. */
  path: string;
  access: Access;
  /** A concrete path to call, when `path` has params. */
  example?: string;
}

/** The snapshot's comment lines and its routes, one per line: METHOD path access [example]. */
export function readRouteAccessSnapshot(): { header: string[]; routes: RouteAccessLine[] } {
  const lines = fs.readFileSync(ROUTE_ACCESS_SNAPSHOT, 'utf8').split('\n');
  return {
    header: lines.filter((line) => line.startsWith('#')),
    routes: lines
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [method, routePath, access, example] = line.trim().split(/\s+/);
        return { method: method!, path: routePath!, access: access as Access, example };
      }),
  };
}
