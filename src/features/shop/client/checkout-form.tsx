import { WalletCards } from 'lucide-react';
import { useRef, type FormEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { SelectField, type SelectFieldProps } from '~/client/components/ui/select-field';
import { Spinner } from '~/client/components/ui/spinner';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import type { SessionUser } from '~/shared/session';
import { formatUsPhone } from '~/shared/phone';
import { usePlaceOrder } from '~/features/shop/client/orders.queries';
import {
  placeOrderSchema,
  type OrderQuote,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '~/features/shop/orders.schema';
import {
  CART_EMPTY_OR_SIGNED_OUT,
  PAYMENT_METHODS,
  type DeliveryMethod,
} from '~/features/shop/orders.constants';
import { formatCents } from '~/shared/money';
import { usePromoCode, type CartLine } from './cart-store';
import { zipOfAddress } from './delivery-zip';
import { storeCreditText } from './store-credit-text';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency-key';
import { DiscountLines, PurchaseCoins } from './order-perks';
import { PromoCodeField } from './promo-code-field';
import { usePickupLocations } from './shop.queries';

/** The member's details; the rest of the order (the lines, the method, the total) comes from the cart. */
interface CheckoutFields {
  phone: string;
  /** What the member pays the rest with; when store credit pays it all, the server records 'Store credit'. */
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  address: string;
  /** Delivery with areas: it picks the area (fee and minimum); filled from the address until the member types. */
  zip: string;
  pickupLocation: string;
  notes: string;
}

/** The fields in the order the member reads them. */
const FIELDS = ['phone', 'paymentMethod', 'address', 'zip', 'pickupLocation', 'notes'] as const;

/** A problem with the cart itself (no lines, too many) has no field: it is the form's own ('root'). */
const fieldOf: FieldOf = (path) => {
  const head = path.split('.')[0];
  return FIELDS.find((field) => field === head) ?? 'root';
};

const [cartEmptyTitle, cartEmptyDescription] = CART_EMPTY_OR_SIGNED_OUT.split(': ') as [string, string];

/** The spec's message as a title-only toast; the empty cart's has its own title ('Cannot submit order'). */
function toastProblem(message: string | undefined) {
  if (message === CART_EMPTY_OR_SIGNED_OUT)
    toast.error(cartEmptyTitle, { description: cartEmptyDescription });
  else if (message) toast.error(message);
}

/** The first problem as the member reads the form (the cart's own first); each field shows its own. */
const firstProblem = (errors: FieldErrors<CheckoutFields>) =>
  [errors.root, ...FIELDS.map((field) => errors[field])].find(Boolean)?.message;

/**
 * Phone, payment, address and ZIP code (delivery) or pickup location, notes, the totals and Submit Order. Checked
 * with the same contract the server checks (placeOrderSchema); the spec's messages show as destructive toasts and
 * under their fields. A cart of rewards only is an order too.
 */
export function CheckoutForm({
  user,
  lines,
  rewardIds,
  rewardsProblem,
  method,
  zipRequired,
  onZipChange,
  quote,
  priced,
  quoteError,
  onPlaced,
}: {
  user: SessionUser;
  lines: CartLine[];
  /** The rewards in the cart (redemption ids): each rides on the order as a $0 line. */
  rewardIds: string[];
  /** Why this order cannot carry them (a Free Delivery on a Pickup order). */
  rewardsProblem: string | undefined;
  method: DeliveryMethod;
  /** The shop has delivery areas: a Delivery order gives its ZIP code. */
  zipRequired: boolean;
  /** The ZIP code as it is now (typed, or taken from the address), for the cart's quote. */
  onZipChange: (zip: string) => void;
  /** The shop's price of the cart (POST /api/orders/quote); undefined until the first one arrives. */
  quote: OrderQuote | undefined;
  /** `quote` is for this very cart, so its total is the one to send. */
  priced: boolean;
  /** Why the quote failed, if it did: the promo code field drops its code on a 429. */
  quoteError: Error | null;
  onPlaced: (placed: PlaceOrderResponse) => void;
}) {
  // Applied in the cart (cart-store), so the quote and the order send the same code.
  const promoCode = usePromoCode(user.id);
  const promoField = useRef<HTMLInputElement>(null);
  const toInput = (fields: CheckoutFields): PlaceOrderInput => {
    const items = lines.map(({ stickerId, size, quantity }) => ({ stickerId, size, quantity }));
    return {
      // The same cart gets the same key, so a retry or a double tap places one order.
      idempotencyKey: idempotencyKeyFor(JSON.stringify([user.id, method, items, rewardIds, promoCode])),
      deliveryMethod: method,
      paymentMethod: fields.paymentMethod,
      phone: fields.phone,
      // Only what this method needs leaves the device.
      address: method === 'Delivery' ? fields.address : '',
      // The quote was priced with it only when the shop has areas.
      zip: method === 'Delivery' && zipRequired ? fields.zip : '',
      pickupLocation: method === 'Pickup' ? fields.pickupLocation : '',
      notes: fields.notes,
      items,
      rewardIds,
      promoCode,
      // Never sent before the quote is in: the form waits for the shop's price of this cart.
      expectedTotalCents: quote?.totalCents ?? Number.NaN,
    };
  };
  const form = useContractForm<typeof placeOrderSchema, CheckoutFields>(placeOrderSchema, {
    toInput,
    fieldOf,
    defaultValues: {
      phone: formatUsPhone(user.phone),
      paymentMethod: 'Cash',
      address: user.address,
      zip: zipOfAddress(user.address),
      pickupLocation: '',
      notes: '',
    },
  });

  const placeOrder = usePlaceOrder({
    onSuccess: (placed) => {
      forgetIdempotencyKey();
      // An earlier attempt's message ('Phone number required') is out of date now.
      toast.dismiss();
      onPlaced(placed);
    },
    onError: (error) => {
      // A field the server refused shows under it; anything else (Prices Changed: the cart now shows the new
      // total) is the server's toast.
      if (form.setServerErrors(error)) toastProblem(error.message);
      else showErrorToast(error, 'Order not placed');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The cart is checked before the details, as the member would read it.
    if (lines.length === 0 && rewardIds.length === 0) return toastProblem(CART_EMPTY_OR_SIGNED_OUT);
    const cartProblem = rewardsProblem ?? quote?.rewardsProblem;
    if (cartProblem) return void toast.error('Cannot submit order', { description: cartProblem });
    if (!quote || !priced) return;
    const lineProblem = quote.lines.find((line) => line.problem)?.problem;
    if (lineProblem) {
      // Each line says its own problem; the toast names the first.
      return void toast.error('Some items cannot be ordered as they are', { description: lineProblem });
    }
    // Outside the hours, outside every area, under its minimum: said under the order type too.
    if (quote.deliveryProblem) {
      return void toast.error('Cannot submit order', { description: quote.deliveryProblem });
    }
    // A code that does not apply (yet) is said under its field: the member removes it or adds stickers.
    if (quote.promoProblem) {
      promoField.current?.focus();
      return void toast.error('Cannot submit order', { description: quote.promoProblem });
    }
    void form.handleSubmit(
      (order) => placeOrder.mutate(order),
      (problems) => toastProblem(firstProblem(problems)),
    )(event);
  };

  // Until the member types a ZIP code of their own, it follows the address.
  const followAddress = (address: string) => {
    if (form.getFieldState('zip').isDirty) return;
    const zip = zipOfAddress(address);
    form.setValue('zip', zip);
    onZipChange(zip);
  };

  const pending = placeOrder.isPending;
  const paidByCredit = quote !== undefined && quote.totalCents === 0 && quote.storeCreditCents > 0;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <legend className="sr-only">Your details</legend>
        <TextField label="Phone" {...inputKinds.phone} {...form.field('phone')} />
        {paidByCredit ? (
          <PaidByCredit />
        ) : (
          <SelectField label="Payment Method" options={PAYMENT_METHODS} {...form.field('paymentMethod')} />
        )}
        {method === 'Delivery' ? (
          <>
            <TextField
              label="Address"
              placeholder="Street, city, ZIP"
              {...inputKinds.address}
              {...form.field('address', {
                onChange: (event: FormEvent<HTMLInputElement>) => followAddress(event.currentTarget.value),
              })}
            />
            {zipRequired && (
              <TextField
                label="ZIP code"
                hint="Picks your delivery area"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                placeholder="20001"
                {...form.field('zip', {
                  onChange: (event: FormEvent<HTMLInputElement>) => onZipChange(event.currentTarget.value),
                })}
              />
            )}
          </>
        ) : (
          <PickupLocationField {...form.field('pickupLocation')} />
        )}
        <TextareaField
          label="Notes"
          hint="Optional"
          rows={3}
          maxLength={500}
          placeholder="Anything the shop should know"
          {...form.field('notes')}
        />
      </fieldset>

      <PromoCodeField
        ref={promoField}
        userId={user.id}
        quote={quote}
        priced={priced}
        quoteError={quoteError}
        disabled={pending}
      />

      <Totals quote={quote} priced={priced} method={method} />

      <Button type="submit" size="lg" disabled={pending || !priced} className="w-full">
        {pending && <Spinner />}
        Submit Order
      </Button>
    </form>
  );
}

/** In place of the payment select: store credit pays the whole order, so there is nothing to choose. */
function PaidByCredit() {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Payment Method</span>
      <p className="flex min-h-11 items-center gap-2 rounded-xl border border-accent/50 bg-background px-3.5 text-base">
        <WalletCards className="size-5 shrink-0 text-accent" aria-hidden />
        Paid with store credit
      </p>
    </div>
  );
}

/** The shop's pickup locations; the select waits (disabled) until they have loaded. */
function PickupLocationField({ error, ...props }: Omit<SelectFieldProps, 'label' | 'options' | 'children'>) {
  const locations = usePickupLocations();
  return (
    <SelectField
      label="Pickup Location"
      error={error ?? (locations.isError ? 'The pickup locations could not be loaded.' : undefined)}
      disabled={!locations.data}
      {...props}
    >
      <option value="">{locations.isPending ? 'Loading locations…' : 'Choose a location'}</option>
      {locations.data?.locations.map((location) => (
        <option key={location.name} value={location.name}>
          {location.displayName}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Subtotal, the level perk and promo code off it, fee, store credit and total as the shop prices the cart, and the
 * coins the order earns; dimmed while a changed cart is priced again.
 */
function Totals({
  quote,
  priced,
  method,
}: {
  quote: OrderQuote | undefined;
  priced: boolean;
  method: DeliveryMethod;
}) {
  const money = (cents: number | undefined) =>
    cents === undefined ? (
      <span aria-label="Loading" className="inline-block h-5 w-16 animate-pulse rounded bg-surface-raised" />
    ) : (
      formatCents(cents)
    );
  const credit = quote?.storeCreditCents ?? 0;
  const row = 'flex justify-between gap-3';
  return (
    <div
      aria-busy={!priced}
      className={`flex flex-col gap-3 border-t border-border pt-4 transition-opacity duration-150 ${quote && !priced ? 'opacity-60' : ''}`}
    >
      <dl className="flex flex-col gap-2 text-base">
        <div className={row}>
          <dt className="text-text-muted">Subtotal</dt>
          <dd className="tabular">{money(quote?.subtotalCents)}</dd>
        </div>
        {quote && (
          <DiscountLines
            perkCents={quote.perkCents}
            perkPercent={quote.perkPercent}
            promoCode={quote.promoCode}
            promoCents={quote.promoCents}
            rowClassName={row}
          />
        )}
        <div className={row}>
          <dt className="text-text-muted">
            Delivery fee
            {method === 'Pickup'
              ? ' (pickup)'
              : quote?.freeDelivery
                ? ' (Free Delivery reward)'
                : quote?.deliveryArea
                  ? ` (${quote.deliveryArea})`
                  : ''}
          </dt>
          <dd className="tabular">{money(quote?.deliveryFeeCents)}</dd>
        </div>
        {credit > 0 && (
          <div className={row}>
            <dt className="text-text-muted">Store credit</dt>
            <dd className="text-accent tabular">{storeCreditText(credit)}</dd>
          </div>
        )}
        <div className={`${row} text-lg font-bold`}>
          <dt>{credit > 0 ? 'Total to pay' : 'Total'}</dt>
          <dd className="tabular">{money(quote?.totalCents)}</dd>
        </div>
      </dl>
      {quote && <PurchaseCoins coins={quote.purchaseCoins} />}
    </div>
  );
}
