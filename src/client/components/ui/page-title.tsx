import { useShopName } from '~/client/lib/shop-name';
import { documentTitle } from '~/shared/shop-name';

/**
 * The document's title: the page's name and the shop's ("My Orders · The Vault"), or the shop's name alone. The
 * one way a screen names itself in the browser's tab (`Page` renders it; screens without `Page` render it
 * themselves). Its own module, so the welcome page carries no more than it.
 */
export function PageTitle({ page }: { page?: string }) {
  return <title>{documentTitle(useShopName(), page)}</title>;
}
