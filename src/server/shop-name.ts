import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_NAME } from '~/shared/shop-name';
import type { Executor } from './db/client';
import { shopSettings } from './db/tables/shop.tables';
import type { EventHub } from './events';

/** The shop's name as the Settings tab saved it (the default until it is saved), read now. */
export async function readShopName(db: Executor): Promise<string> {
  const [row] = await db
    .select({ shopName: shopSettings.shopName })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row?.shopName ?? DEFAULT_SHOP_NAME;
}

/**
 * The shop's name in this instance's memory, for what every visit reads (the page HTML, the manifest, the header's
 * `GET /api/shop/name`) and for e-mails. Read once, then again after each `shop.settings` event this instance
 * hears (the Settings tab saves on any instance), or after its event channel was lost. A read started before a
 * change is never kept past it: the change drops it.
 */
export class ShopName {
  private known: Promise<string> | undefined;

  constructor(
    private readonly db: Executor,
    hub: EventHub,
  ) {
    hub.watch('shop.settings', () => {
      this.known = undefined;
    });
  }

  current(): Promise<string> {
    if (!this.known) {
      const reading = readShopName(this.db);
      this.known = reading;
      // A failed read (the database away a moment) is tried again by the next caller.
      reading.catch(() => {
        if (this.known === reading) this.known = undefined;
      });
    }
    return this.known;
  }
}
