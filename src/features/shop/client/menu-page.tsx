import { Info, RotateCw, SearchX } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { useSession } from '~/client/lib/session';
import type { DeliveryMethod } from '~/features/shop/orders.schema';
import {
  SIZE_LABELS,
  STICKER_SIZES,
  rateAgainText,
  type MenuSticker,
  type StickerSize,
} from '../shop.schema';
import { cartMethodOf, setCartMethod, useCart } from './cart-store';
import { OrderTypeField } from './order-type-field';
import { useMenu, useRatingStatus } from './shop.queries';
import { StickerCard } from './sticker-card';
import { useMinuteClock } from '~/client/lib/use-clock';

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
  const openSize = (next: string) =>
    setSearchParams(
      (params) => {
        params.set('size', next);
        return params;
      },
      { replace: true },
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
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6 sm:py-8">
      <title>Menu · The Vault</title>
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
      <Tabs.Root value={size} onValueChange={openSize} className="flex flex-col gap-5">
        <Tabs.List
          aria-label="Sticker sizes"
          className="grid grid-cols-3 gap-1 rounded-xl border border-border bg-surface p-1 sm:inline-grid sm:self-start"
        >
          {STICKER_SIZES.map((tabSize) => (
            <Tabs.Trigger
              key={tabSize}
              value={tabSize}
              className="min-h-11 rounded-lg px-2 text-sm font-semibold whitespace-nowrap text-text-muted transition-colors duration-150 hover:text-text data-[state=active]:bg-surface-raised data-[state=active]:text-text sm:px-5 sm:text-base"
            >
              {SIZE_LABELS[tabSize]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STICKER_SIZES.map((tabSize) => (
          <Tabs.Content key={tabSize} value={tabSize} className="outline-none">
            <SizePanel size={tabSize} method={method} userId={userId} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </main>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function SizePanel({ size, method, userId }: { size: StickerSize; method: DeliveryMethod; userId: string }) {
  const menu = useMenu();
  const cooldown = useRatingCooldown();
  if (menu.isPending) return <MenuSkeleton />;
  if (menu.isError) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-card border border-danger/50 bg-surface px-6 py-10 text-center"
      >
        <p className="text-base">The menu could not be loaded.</p>
        <Button variant="secondary" disabled={menu.isFetching} onClick={() => void menu.refetch()}>
          {menu.isFetching ? <Spinner /> : <RotateCw className="size-5" aria-hidden />}
          Try Again
        </Button>
      </div>
    );
  }
  const stickers = stickersFor(menu.data.stickers, size);
  if (stickers.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-border bg-surface px-6 py-12 text-center">
        <SearchX className="size-8 text-text-muted" aria-hidden />
        <p className="text-base text-text-muted">No stickers available for this size.</p>
      </div>
    );
  }
  return (
    <ul aria-label={SIZE_LABELS[size]} className={grid}>
      {stickers.map((sticker) => (
        <li key={sticker.id} className="flex">
          <StickerCard sticker={sticker} size={size} method={method} userId={userId} cooldown={cooldown} />
        </li>
      ))}
    </ul>
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
    <div role="status" aria-label="Loading the menu" className={grid}>
      {[0, 1, 2].map((card) => (
        <div key={card} aria-hidden className="overflow-hidden rounded-card border border-border bg-surface">
          <div className="aspect-[4/3] animate-pulse bg-surface-raised" />
          <div className="flex flex-col gap-3 p-4">
            <div className="h-5 w-1/2 animate-pulse rounded bg-surface-raised" />
            <div className="h-3 w-full animate-pulse rounded bg-surface-raised" />
            <div className="h-3 w-4/5 animate-pulse rounded bg-surface-raised" />
            <div className="h-7 w-1/3 animate-pulse rounded bg-surface-raised" />
            <div className="h-11 animate-pulse rounded-xl bg-surface-raised" />
            <div className="h-11 animate-pulse rounded-xl bg-surface-raised" />
          </div>
        </div>
      ))}
    </div>
  );
}
