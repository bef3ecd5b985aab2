import type { AppDeps } from '~/server/app-env';
import type { LoadRequest } from './load';

/**
 * What `npm run bench` measures against the running app. A feature that adds a route worth watching adds a
 * scenario here; `setup` prepares what the route needs (rows, a signed-in member) once before the load.
 */
export const scenarios: Scenario[] = [{ name: 'GET /api/health', path: '/api/health' }];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ScenarioContext {
  /** The app's root URL on 127.0.0.1; also its BASE_URL, the Origin its same-origin checks accept. */
  url: string;
  /** The app's own database, hub, config and clock, for setup that goes around HTTP. */
  deps: AppDeps;
}

/** Added to every request of a scenario, e.g. the session cookie of a member `setup` signed in. */
export interface ScenarioExtras {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface Scenario {
  name: string;
  /** GET when omitted. */
  method?: HttpMethod;
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON with our own Origin, as the app's pages send it. */
  body?: unknown;
  setup?: (context: ScenarioContext) => Promise<ScenarioExtras>;
}

/** Runs the scenario's setup and returns the one request the load generator repeats. */
export async function prepareRequest(scenario: Scenario, context: ScenarioContext): Promise<LoadRequest> {
  const extras = (await scenario.setup?.(context)) ?? {};
  const method = scenario.method ?? 'GET';
  const headers: Record<string, string> = {
    ...(method === 'GET' ? {} : { Origin: context.url }),
    ...(scenario.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...scenario.headers,
    ...extras.headers,
  };
  const cookie = Object.entries(extras.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  if (cookie) headers.Cookie = cookie;
  return {
    url: `${context.url}${scenario.path}`,
    method,
    headers,
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
  };
}
