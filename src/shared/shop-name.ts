/**
 * The shop's name: "The Vault" until the Settings tab changes it (departure 11). It names the header, page titles,
 * the welcome heading, the install dialog, the web app manifest and e-mails; texts the spec gives word for word
 * ("Join The Vault", "Loading Vault...") keep their words.
 */
export const DEFAULT_SHOP_NAME = 'The Vault';

/** `GET /api/shop/name`: the name, for anyone (the welcome and sign-in pages show it too). */
export interface ShopNameResponse {
  shopName: string;
}

/** A page's document title: its own name, then the shop's ("Menu · The Vault"); the shop's alone without one. */
export const documentTitle = (shopName: string, page?: string) => (page ? `${page} · ${shopName}` : shopName);
