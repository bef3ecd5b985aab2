import { call, routerClient } from '~/client/lib/api-client';
import type { economyRoutes } from '../server/economy.routes';

/**
 * Checked by `npm run typecheck`, never run: the real economy router's client is typed, not `any`. Each
 * @ts-expect-error breaks the build if the line under it ever compiles (scripts/typed-client.test.ts proves a
 * renamed response field breaks its reader).
 */
export async function typedEconomyClient(): Promise<number> {
  const economy = routerClient<typeof economyRoutes>('/economy');
  const { settings } = await call(economy.settings.$get());
  // @ts-expect-error -- a field the route does not answer with
  void settings.noSuchSetting;
  // @ts-expect-error -- a body the route's contract refuses
  void economy.settings.$put({ json: { postXp: 'ten' } });
  // @ts-expect-error -- a path the router does not have
  void economy.nowhere.$get();
  return settings.postXp;
}
