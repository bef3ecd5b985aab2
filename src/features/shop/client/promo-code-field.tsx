import { CircleCheck } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent, type Ref } from 'react';
import { Button } from '~/client/components/ui/button';
import { Field, controlClass } from '~/client/components/ui/field';
import { isApiError } from '~/client/lib/api-client';
import { PROMO_NOT_VALID } from '~/features/economy/loyalty.constants';
import { quoteCartSchema, type OrderQuote } from '~/features/shop/orders.schema';
import { setPromoCode, usePromoCode } from './cart-store';
import { storeCreditText } from './store-credit-text';

/** How the cart's contract reads a typed code: normalised ("save 10" is SAVE10), or refused when too long. */
const promoCodeSchema = quoteCartSchema.shape.promoCode;

/**
 * The cart's promo code: typed, then Apply (or Enter) keeps it in the cart, where the quote prices it; Remove takes
 * it off. A code the shop does not know (or too many tries) is dropped at once, so the cart never asks again with
 * it (every quote with such a code counts as a try), and its message stays under the field until the member types.
 * A code refused for a rule the member can act on (a minimum, first order, once) stays applied with its message, so
 * adding stickers makes it apply.
 */
export function PromoCodeField({
  userId,
  quote,
  priced,
  quoteError,
  disabled,
  ref,
}: {
  userId: string;
  quote: OrderQuote | undefined;
  /** `quote` is for this very cart, promo code included. */
  priced: boolean;
  /** Why the cart's quote failed, if it did (a 429 once the member has used up their tries). */
  quoteError: Error | null;
  disabled: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const applied = usePromoCode(userId);
  const [text, setText] = useState('');
  // Why the last code typed is not applied; cleared as the member types again.
  const [refusal, setRefusal] = useState<string | null>(null);

  const refused = !applied
    ? null
    : priced && quote?.promoDropped
      ? quote.promoProblem
      : isApiError(quoteError, 'RATE_LIMITED')
        ? quoteError.message
        : null;
  if (refused && refusal !== refused) setRefusal(refused);
  useEffect(() => {
    if (refused) setPromoCode(userId, '');
  }, [refused, userId]);

  const apply = () => {
    const parsed = promoCodeSchema.safeParse(text);
    if (!parsed.success) return setRefusal(parsed.error.issues[0]?.message ?? PROMO_NOT_VALID);
    if (!parsed.data) return setRefusal('Enter a promo code.');
    setRefusal(null);
    setPromoCode(userId, parsed.data);
  };
  const remove = () => {
    setPromoCode(userId, '');
    setText('');
    setRefusal(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the code; it never submits the order around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!applied) apply();
  };

  const problem = refusal ?? (applied ? (quote?.promoProblem ?? null) : null);
  const took = applied && priced && quote?.promoCode === applied ? quote.promoCents : null;
  return (
    <Field label="Promo code" hint="Optional">
      {(control) => {
        const messageId = `${control.id}-message`;
        return (
          <>
            <div className="flex gap-2">
              <div className="relative min-w-0 flex-1">
                <input
                  ref={ref}
                  {...control}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[control['aria-describedby'], messageId].filter(Boolean).join(' ')}
                  value={applied || text}
                  readOnly={Boolean(applied)}
                  disabled={disabled}
                  onChange={(event) => {
                    setText(event.currentTarget.value);
                    setRefusal(null);
                  }}
                  onKeyDown={onKeyDown}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  enterKeyHint="done"
                  className={`min-h-11 uppercase ${took !== null && !problem ? 'pr-10' : ''} ${controlClass}`}
                />
                {took !== null && !problem && (
                  <CircleCheck
                    className="pointer-events-none absolute top-1/2 right-3.5 size-5 -translate-y-1/2 text-accent"
                    aria-hidden
                  />
                )}
              </div>
              {/* One button that changes its word, so focus stays on it as the code is applied or removed. */}
              <Button
                type="button"
                variant="secondary"
                disabled={disabled}
                onClick={applied ? remove : apply}
                className="shrink-0"
              >
                {applied ? 'Remove' : 'Apply'}
              </Button>
            </div>
            <div id={messageId} aria-live="polite" className="empty:hidden">
              {problem ? (
                <p className="text-sm text-danger">{problem}</p>
              ) : (
                took !== null && (
                  <p className="text-sm text-accent">
                    {applied} applied: <span className="tabular">{storeCreditText(took)}</span> off your
                    stickers.
                  </p>
                )
              )}
            </div>
          </>
        );
      }}
    </Field>
  );
}
