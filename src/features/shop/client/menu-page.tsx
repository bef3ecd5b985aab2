import { Info } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ListSkeleton, ListStates } from '~/client/components/ui/list-states';
import { Tabs } from '~/client/components/ui/tabs';
import { useSession } from '~/client/lib/session';
import type { DeliveryMethod } from '~/features/shop/orders.constants';
import { useMinuteClock } from '~/client/lib/use-clock';
import type { MenuSticker } from '../shop.schema';
import { SIZE_LABELS, STICKER_SIZES, rateAgainText, type StickerSize } from '../shop.constants';
import { cartMethodOf, setCartMethod, useCart } from './cart-store';
import { OrderTypeField } from './order-type-field';
import { useMenu, useRatingStatus } from './shop.queries';
import { StickerCard, StickerCardSkeleton } from './sticker-card';
import { Page } from '~/client/components/ui/page';

const isSize = (value: string | null): value is StickerSize =>
  (STICKER_SIZES as readonly (string | null)[]).includes(value);

/** A size's tab lists the stickers offered in it; a sticker with no price at all shows its error in every tab. */
const stickersFor = (stickers: MenuSticker[], size: StickerSize) =>
  stickers.filter(
    (sticker) =>
      sticker.prices[size] !== null || STICKER_SIZES.every((other) => sticker.prices[other] === null),
  );

/** /menu: the stickers by size, the cart's order type, Add to cart and ratings. The open tab lives in `?size=`. */
export function Component() {
  const user = useSession().data?.user;
  // The signed-in layout renders pages only with a member.
  if (!user) return null;
  return <Menu userId={user.id} />;
}

function Menu({ userId }: { userId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('size');
  const size: StickerSize = isSize(requested) ? requested : STICKER_SIZES[0];
  const openSize = (next: StickerSize) =>
    setSearchParams(
      (params) => {
        params.set('size', next);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  // The cart's method while it has lines; before that, the member's pick for the first line.
  const lines = useCart(userId);
  const [emptyCartMethod, setEmptyCartMethod] = useState<DeliveryMethod>('Delivery');
  const method = cartMethodOf(lines) ?? emptyCartMethod;
  const changeMethod = (next: DeliveryMethod) => {
    setEmptyCartMethod(next);
    if (lines.length > 0) setCartMethod(userId, next);
  };

  return (
    <Page title="Menu" className="max-w-6xl gap-5">
      <h1 className="text-3xl font-black tracking-[0.2em] sm:text-4xl">MENU</h1>
      <p className="flex items-start gap-3 rounded-card border border-border bg-surface px-4 py-3 text-sm leading-relaxed text-text-muted">
        <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <span>
          This is a sticker shop. Each sticker comes with a free gift that is illustrative only and not for
          sale.
        </span>
      </p>
      <div className="sm:max-w-sm">
        <OrderTypeField value={method} onValueChange={changeMethod} />
      </div>
      <Tabs
        label="Sticker sizes"
        value={size}
        onValueChange={openSize}
        className="gap-5"
        listClassName="sm:inline-grid sm:self-start"
        items={STICKER_SIZES.map((tabSize) => ({
          value: tabSize,
          label: SIZE_LABELS[tabSize],
          content: <SizePanel size={tabSize} method={method} userId={userId} />,
        }))}
      />
    </Page>
  );
}

/** Compact rows on phones, cards in two or three columns from `sm` up. */
const grid = 'grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3';
/** A card while the menu loads: name, rating, price, description, Add to cart and Rate. */
const CARD_SKELETON = [
  'h-5 w-1/2',
  'h-3 w-2/3',
  'h-7 w-1/3',
  'h-3 w-full',
  'h-11 rounded-xl',
  'h-11 rounded-xl',
];

function SizePanel({ size, method, userId }: { size: StickerSize; method: DeliveryMethod; userId: string }) {
  const menu = useMenu();
  const cooldown = useRatingCooldown();
  const stickers = stickersFor(menu.data?.stickers ?? [], size);
  return (
    <ListStates
      query={menu}
      empty={stickers.length === 0}
      skeleton={<MenuSkeleton />}
      errorMessage="The menu could not be loaded."
      emptyState={<EmptyState>No stickers available for this size.</EmptyState>}
    >
      <ul aria-label={SIZE_LABELS[size]} className={grid}>
        {stickers.map((sticker) => (
          <li key={sticker.id} className="flex">
            <StickerCard sticker={sticker} size={size} method={method} userId={userId} cooldown={cooldown} />
          </li>
        ))}
      </ul>
    </ListStates>
  );
}

/** One rating a day across the whole menu; the text counts down by the minute. */
function useRatingCooldown(): string | null {
  const status = useRatingStatus();
  // The clock ticks each minute from when the page opened; an answer that arrived since is newer than that.
  const now = Math.max(useMinuteClock(), status.dataUpdatedAt);
  const next = status.data?.nextRatingAt;
  const msLeft = next ? new Date(next).getTime() - now : 0;
  return msLeft > 0 ? rateAgainText(msLeft) : null;
}

function MenuSkeleton() {
  return (
    <ListSkeleton
      label="Loading the menu"
      className={grid}
      item={<StickerCardSkeleton compact lines={CARD_SKELETON} />}
    />
  );
}
