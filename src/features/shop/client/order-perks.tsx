import { Coins } from 'lucide-react';
import { storeCreditText } from './store-credit-text';

/** "1 coin", "1,250 coins". */
const coinsText = (coins: number) => `${coins.toLocaleString('en-US')} ${coins === 1 ? 'coin' : 'coins'}`;

/**
 * Under an order's totals: the coins it pays when it is completed ("Earns 40 coins when completed"), or has paid
 * (`earned`: "Earned 40 coins"). Nothing for an order that pays none.
 */
export function PurchaseCoins({ coins, earned = false }: { coins: number; earned?: boolean }) {
  if (coins <= 0) return null;
  const amount = <span className="font-semibold text-coin tabular">{coinsText(coins)}</span>;
  return (
    <p className="flex items-center gap-1.5 text-sm text-text-muted">
      <Coins className="size-4 shrink-0 text-coin" aria-hidden />
      <span>{earned ? <>Earned {amount}</> : <>Earns {amount} when completed</>}</span>
    </p>
  );
}

/**
 * The level perk and the promo code taken off an order's sticker lines, as rows of its totals list (a <dl>), in the
 * order the shop applies them; each with a minus sign, as store credit shows. Nothing when neither took anything.
 * `perkPercent` names the perk's percentage where it is known (the cart's quote).
 */
export function DiscountLines({
  perkCents,
  perkPercent = null,
  promoCode,
  promoCents,
  rowClassName,
}: {
  perkCents: number;
  perkPercent?: number | null;
  promoCode: string | null;
  promoCents: number;
  /** The totals list's own row layout ("flex justify-between gap-3"). */
  rowClassName: string;
}) {
  return (
    <>
      {perkCents > 0 && (
        <div className={rowClassName}>
          <dt className="text-text-muted">{perkPercent ? `Level perk (${perkPercent}%)` : 'Level perk'}</dt>
          <dd className="text-accent tabular">{storeCreditText(perkCents)}</dd>
        </div>
      )}
      {promoCode && promoCents > 0 && (
        <div className={rowClassName}>
          <dt className="min-w-0 break-words text-text-muted">Promo {promoCode}</dt>
          <dd className="text-accent tabular">{storeCreditText(promoCents)}</dd>
        </div>
      )}
    </>
  );
}
