import { Clock, ShoppingCart, Star, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { CardTitle, type CardHeading } from '~/client/components/ui/card-title';
import { Dialog } from '~/client/components/ui/dialog';
import { SkeletonBlock, SkeletonLines } from '~/client/components/ui/list-states';
import type { DeliveryMethod } from '~/features/shop/orders.constants';
import { formatCents } from '~/shared/money';
import type { MenuSticker, RatingSummary, SizeAvailability } from '../shop.schema';
import { MAX_LINE_QUANTITY } from '../orders.constants';
import { RATING_COOLDOWN_REASON, sizedName, type StickerSize } from '../shop.constants';
import { addToCart } from './cart-store';
import { QuantityInput } from './quantity-input';
import { RateStickerDialog } from './rate-sticker-dialog';
import { StickerImage } from './sticker-image';

/**
 * One sticker in one size: picture, ratings, price, description, quantity, Add to cart and Rate. On phones a
 * compact row (a small square picture beside the name, rating and price; the controls across below) so a screen
 * shows several; from `sm` up a card with the picture across its top.
 */
export function StickerCard({
  sticker,
  size,
  method,
  userId,
  cooldown,
}: {
  sticker: MenuSticker;
  size: StickerSize;
  method: DeliveryMethod;
  userId: string;
  /** 'Rate again in {h}h {m}m left' while the member has rated in the last 24 hours. */
  cooldown: string | null;
}) {
  const headingId = useId();
  const price = sticker.prices[size];
  const availability = sticker.availability[size];
  return (
    <article
      aria-labelledby={headingId}
      className="grid w-full grid-cols-[6rem_minmax(0,1fr)] content-start gap-3 overflow-hidden rounded-card border border-border bg-surface p-3 sm:flex sm:flex-col sm:gap-0 sm:p-0"
    >
      <StickerImage
        id={sticker.id}
        name={sticker.name}
        imageUrl={sticker.imageUrl}
        className="size-24 rounded-xl sm:aspect-[4/3] sm:size-auto sm:w-full sm:rounded-none"
      />
      <div className="flex min-w-0 flex-col gap-1.5 sm:px-4 sm:pt-4">
        <StickerTitle sticker={sticker} id={headingId} level="h2" />
        <RatingLine rating={sticker.rating} />
        {price !== null && (
          <p className="text-xl font-bold tracking-tight text-text tabular sm:text-2xl">
            {formatCents(price)}
          </p>
        )}
        {price !== null && <Availability availability={availability} />}
      </div>
      <div className="col-span-2 flex flex-col gap-3 sm:flex-1 sm:p-4 sm:pt-3">
        <p className="line-clamp-2 text-sm leading-relaxed text-text-muted sm:line-clamp-3">
          {sticker.description}
        </p>
        <div className="mt-auto flex flex-col gap-3">
          {price === null ? (
            <p className="flex items-center gap-2 rounded-xl border border-danger/50 bg-danger-surface px-3 py-2.5 text-sm font-medium text-text">
              <TriangleAlert className="size-5 shrink-0 text-danger" aria-hidden />
              Error loading product data.
            </p>
          ) : availability.soldOut ? (
            <Button type="button" variant="secondary" disabled className="w-full">
              Sold out
            </Button>
          ) : (
            <AddToCart
              sticker={sticker}
              size={size}
              price={price}
              method={method}
              userId={userId}
              max={Math.min(availability.orderLimit, availability.onlyLeft ?? availability.orderLimit)}
            />
          )}
          <RateControl sticker={sticker} cooldown={cooldown} />
        </div>
      </div>
    </article>
  );
}

/** What is left and the shop's limits on this size: "Only 3 left", "Max 2 per order · 3 a day" (Sold out is the button). */
function Availability({ availability }: { availability: SizeAvailability }) {
  const { onlyLeft, orderLimit, dailyLimit } = availability;
  const limits = [
    orderLimit < MAX_LINE_QUANTITY ? `Max ${orderLimit} per order` : null,
    dailyLimit !== null ? `${dailyLimit} a day` : null,
  ].filter(Boolean);
  if (onlyLeft === null && limits.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {onlyLeft !== null && <span className="font-semibold text-coin tabular">Only {onlyLeft} left</span>}
      {limits.length > 0 && <span className="text-text-muted tabular">{limits.join(' · ')}</span>}
    </p>
  );
}

function AddToCart({
  sticker,
  size,
  price,
  method,
  userId,
  max,
}: {
  sticker: MenuSticker;
  size: StickerSize;
  price: number;
  method: DeliveryMethod;
  userId: string;
  /** The most one order may take: the shop's limit, or what is left when few are. */
  max: number;
}) {
  const [quantity, setQuantity] = useState(1);
  const add = () => {
    const inCart = addToCart(
      userId,
      {
        stickerId: sticker.id,
        stickerName: sticker.name,
        size,
        quantity: Math.min(quantity, max),
        unitPriceCents: price,
      },
      method,
    );
    toast.success('Added to cart', {
      description: `${Math.min(quantity, max)} × ${sizedName(sticker.name, size)}, ${inCart} in your cart.`,
    });
    setQuantity(1);
  };
  return (
    <div className="flex items-center gap-2">
      <QuantityInput
        value={Math.min(quantity, max)}
        max={max}
        onValueChange={setQuantity}
        label={`Quantity of ${sticker.name}`}
      />
      <Button type="button" className="flex-1 px-3" onClick={add}>
        <ShoppingCart className="size-5 shrink-0" aria-hidden />
        Add to cart
      </Button>
    </div>
  );
}

/** The sticker's name, as its card's heading (named by `id`), and its type. */
export function StickerTitle({
  sticker,
  ...heading
}: { sticker: Pick<MenuSticker, 'name' | 'type'> } & CardHeading) {
  return (
    <div className="flex items-start justify-between gap-3">
      <CardTitle {...heading} className="min-w-0 break-words">
        {sticker.name}
      </CardTitle>
      <span className="shrink-0 rounded-full border border-border px-2.5 py-0.5 text-xs font-medium text-text-muted">
        {sticker.type}
      </span>
    </div>
  );
}

/**
 * A sticker card while it loads: the picture's frame, then a block per line (`lines`: each block's size). With
 * `compact`, on phones the frame is the menu's small square beside the first lines, as its cards are there.
 */
export function StickerCardSkeleton({ lines, compact = false }: { lines: string[]; compact?: boolean }) {
  return (
    <div
      className={`overflow-hidden rounded-card border border-border bg-surface ${compact ? 'flex gap-3 p-3 sm:block sm:p-0' : ''}`}
    >
      <SkeletonBlock
        className={
          compact
            ? 'size-24 shrink-0 rounded-xl sm:aspect-[4/3] sm:size-auto sm:rounded-none'
            : 'aspect-[4/3] rounded-none'
        }
      />
      <SkeletonLines
        className={`flex flex-col gap-3 ${compact ? 'min-w-0 flex-1 sm:p-4' : 'p-4'}`}
        lines={lines}
      />
    </div>
  );
}

const oneDecimal = (value: number | null) => (value === null ? '–' : value.toFixed(1));

/** The overall rating (the mean of the three category averages) with the count, and each category. */
function RatingLine({ rating }: { rating: RatingSummary }) {
  if (rating.count === 0 || rating.overall === null) {
    return <p className="text-sm text-text-muted">No ratings yet</p>;
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="flex items-center gap-1.5 font-semibold text-text">
        <Star className="size-4 fill-primary text-primary" aria-hidden />
        <span className="tabular">{oneDecimal(rating.overall)}</span>
        <span className="font-normal text-text-muted">
          ({rating.count} {rating.count === 1 ? 'rating' : 'ratings'})
        </span>
      </p>
      <p className="text-xs text-text-muted tabular">
        Smell {oneDecimal(rating.smell)} · Taste {oneDecimal(rating.taste)} · High {oneDecimal(rating.high)}
      </p>
    </div>
  );
}

function RateControl({ sticker, cooldown }: { sticker: MenuSticker; cooldown: string | null }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  if (cooldown) {
    return (
      <div className="flex flex-col gap-1.5">
        <Button
          type="button"
          variant="secondary"
          disabled
          aria-describedby={reasonId}
          className="w-full border-dashed disabled:!opacity-100"
        >
          <Clock className="size-5 text-text-muted" aria-hidden />
          <span className="text-text-muted tabular">{cooldown}</span>
        </Button>
        <p id={reasonId} className="text-center text-xs text-text-muted">
          {RATING_COOLDOWN_REASON}
        </p>
      </div>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="secondary" className="w-full" aria-label={`Rate ${sticker.name}`}>
          <Star className="size-5" aria-hidden />
          Rate
        </Button>
      </Dialog.Trigger>
      {open && <RateStickerDialog sticker={sticker} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}
