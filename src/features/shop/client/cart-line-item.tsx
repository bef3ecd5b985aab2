import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from '~/client/lib/toast';
import { IconButton } from '~/client/components/ui/button';
import { formatCents } from '~/shared/money';
import { SIZE_LABELS } from '../shop.constants';
import type { QuotedLine } from '../orders.schema';
import { removeCartLine, setLineQuantity, type CartLine } from './cart-store';
import { QuantityInput } from './quantity-input';

/**
 * A line of the cart: what, how many (below 1 removes it), and what it costs at the shop's price (the quote's; the
 * menu's when added, until the first quote arrives), with why it cannot be ordered as it is (sold out, a limit).
 */
export function CartLineItem({
  line,
  quoted,
  userId,
}: {
  line: CartLine;
  quoted: QuotedLine | undefined;
  userId: string;
}) {
  const unitPriceCents = quoted ? quoted.unitPriceCents : line.unitPriceCents;
  const lineTotalCents = (unitPriceCents ?? 0) * line.quantity;
  const problemId = useId();
  const what = `${line.stickerName}, ${SIZE_LABELS[line.size]}`;
  const removed = () => toast('Item removed', { description: `${what} is out of your cart.` });
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold break-words">{line.stickerName}</p>
          <p className="text-sm text-text-muted">
            {SIZE_LABELS[line.size]}
            {unitPriceCents !== null && (
              <>
                {' · '}
                <span className="tabular">{formatCents(unitPriceCents)}</span> each
              </>
            )}
          </p>
          {quoted?.problem && (
            <p id={problemId} role="status" className="mt-1 text-sm font-medium text-danger">
              {quoted.problem}
            </p>
          )}
        </div>
        <IconButton
          label={`Remove ${what}`}
          title="Remove"
          tone="danger"
          className="-mt-2 -mr-2 rounded-xl"
          onClick={() => {
            removeCartLine(userId, line.id);
            removed();
          }}
        >
          <Trash2 className="size-5" aria-hidden />
        </IconButton>
      </div>
      <div className="flex items-center justify-between gap-3">
        <QuantityInput
          value={line.quantity}
          min={0}
          label={`Quantity of ${what}`}
          describedBy={quoted?.problem ? problemId : undefined}
          onValueChange={(quantity) => {
            if (setLineQuantity(userId, line.id, quantity)) removed();
          }}
        />
        <p className="text-lg font-semibold tabular">{formatCents(lineTotalCents)}</p>
      </div>
    </li>
  );
}
