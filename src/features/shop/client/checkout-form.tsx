import { useId, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { TextField } from '~/client/components/ui/text-field';
import { ApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import type { SessionUser } from '~/shared/session';
import { formatUsPhone } from '~/shared/phone';
import { usePlaceOrder } from '~/features/shop/client/orders.queries';
import {
  CART_EMPTY_OR_SIGNED_OUT,
  PAYMENT_METHODS,
  placeOrderSchema,
  type DeliveryMethod,
  type PaymentMethod,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '~/features/shop/orders.schema';
import { formatCents } from '~/shared/money';
import type { CartPricing } from './cart-pricing';
import type { CartLine } from './cart-store';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency-key';
import { pickupLocationLabel } from '../shop.schema';
import { usePickupLocations } from './shop.queries';

interface CheckoutFields {
  phone: string;
  paymentMethod: PaymentMethod;
  address: string;
  pickupLocation: string;
  notes: string;
}
type CheckoutField = keyof CheckoutFields;

/** Which problem the toast names when there are several: the order the member reads the form in. */
const PROBLEM_ORDER = ['items', 'phone', 'paymentMethod', 'address', 'pickupLocation', 'notes'] as const;
const FORM_FIELDS: readonly string[] = ['phone', 'paymentMethod', 'address', 'pickupLocation', 'notes'];

const [cartEmptyTitle, cartEmptyDescription] = CART_EMPTY_OR_SIGNED_OUT.split(': ') as [string, string];

function toastCartEmpty() {
  toast.error(cartEmptyTitle, { description: cartEmptyDescription });
}

const fieldClass =
  'min-h-11 w-full rounded-xl border border-border bg-background px-3.5 text-base text-text transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger disabled:opacity-60';

/**
 * Phone, payment, address (delivery) or pickup location, notes, the totals and Submit Order. Checked with the
 * same contract the server checks (placeOrderSchema); the spec's messages show as destructive toasts and under
 * their fields.
 */
export function CheckoutForm({
  user,
  lines,
  method,
  pricing,
  onPlaced,
}: {
  user: SessionUser;
  lines: CartLine[];
  method: DeliveryMethod;
  pricing: CartPricing;
  onPlaced: (placed: PlaceOrderResponse) => void;
}) {
  const form = useForm<CheckoutFields>({
    defaultValues: {
      phone: formatUsPhone(user.phone),
      paymentMethod: 'Cash',
      address: user.address,
      pickupLocation: '',
      notes: '',
    },
  });
  const { errors } = form.formState;

  const showProblems = (problems: Record<string, string>) => {
    // Under each field, and the member is taken to the first one.
    const fields = PROBLEM_ORDER.filter((field) => problems[field] && FORM_FIELDS.includes(field));
    fields.forEach((field, index) =>
      form.setError(field as CheckoutField, { message: problems[field] }, { shouldFocus: index === 0 }),
    );
    const first = PROBLEM_ORDER.find((field) => problems[field]);
    const message = first ? problems[first]! : Object.values(problems)[0];
    if (!message) return;
    if (message === CART_EMPTY_OR_SIGNED_OUT) toastCartEmpty();
    else toast.error(message);
  };

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
      if (error instanceof ApiError && error.fields) showProblems(error.fields);
      else showErrorToast(error, 'Order not placed');
    },
  });

  const submit = form.handleSubmit((fields) => {
    form.clearErrors();
    if (lines.length === 0) {
      toastCartEmpty();
      return;
    }
    if (pricing.unavailable.length > 0) {
      toast.error('Some items are no longer available', {
        description: 'Remove them from your cart, then submit your order again.',
      });
      return;
    }
    if (!pricing.live || pricing.totalCents === null) return;
    const items = lines.map(({ stickerId, size, quantity }) => ({ stickerId, size, quantity }));
    const input: PlaceOrderInput = {
      idempotencyKey: idempotencyKeyFor(JSON.stringify([user.id, method, items])),
      deliveryMethod: method,
      paymentMethod: fields.paymentMethod,
      phone: fields.phone,
      // Only what this method needs leaves the device.
      address: method === 'Delivery' ? fields.address : '',
      pickupLocation: method === 'Pickup' ? fields.pickupLocation : '',
      notes: fields.notes,
      items,
      expectedTotalCents: pricing.totalCents,
    };
    const checked = placeOrderSchema.safeParse(input);
    if (!checked.success) {
      const problems: Record<string, string> = {};
      for (const issue of checked.error.issues) problems[String(issue.path[0] ?? '_')] ??= issue.message;
      showProblems(problems);
      return;
    }
    placeOrder.mutate(input);
  });

  const pending = placeOrder.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <legend className="sr-only">Your details</legend>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="(555) 123-4567"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <SelectField
          label="Payment Method"
          error={errors.paymentMethod?.message}
          form={form}
          name="paymentMethod"
        >
          {PAYMENT_METHODS.map((payment) => (
            <option key={payment} value={payment}>
              {payment}
            </option>
          ))}
        </SelectField>
        {method === 'Delivery' ? (
          <TextField
            label="Address"
            autoComplete="street-address"
            placeholder="Street, city, ZIP"
            error={errors.address?.message}
            {...form.register('address')}
          />
        ) : (
          <PickupLocationField form={form} error={errors.pickupLocation?.message} />
        )}
        <NotesField form={form} error={errors.notes?.message} />
      </fieldset>

      <Totals pricing={pricing} method={method} />

      <Button type="submit" size="lg" disabled={pending || !pricing.live} className="w-full">
        {pending && <Spinner />}
        Submit Order
      </Button>
    </form>
  );
}

function SelectField({
  label,
  error,
  form,
  name,
  disabled,
  children,
}: {
  label: string;
  error: string | undefined;
  form: UseFormReturn<CheckoutFields>;
  name: 'paymentMethod' | 'pickupLocation';
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${fieldClass} appearance-auto`}
        {...form.register(name)}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function PickupLocationField({
  form,
  error,
}: {
  form: UseFormReturn<CheckoutFields>;
  error: string | undefined;
}) {
  const locations = usePickupLocations();
  return (
    <SelectField
      label="Pickup Location"
      error={error ?? (locations.isError ? 'The pickup locations could not be loaded.' : undefined)}
      form={form}
      name="pickupLocation"
      disabled={!locations.data}
    >
      <option value="">{locations.isPending ? 'Loading locations…' : 'Choose a location'}</option>
      {locations.data?.locations.map((location) => (
        <option key={location} value={location}>
          {pickupLocationLabel(location)}
        </option>
      ))}
    </SelectField>
  );
}

const NOTES_MAX = 500;

function NotesField({ form, error }: { form: UseFormReturn<CheckoutFields>; error: string | undefined }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          Notes
        </label>
        <span className="text-xs text-text-muted">Optional</span>
      </div>
      <textarea
        id={id}
        rows={3}
        maxLength={NOTES_MAX}
        placeholder="Anything the shop should know"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${fieldClass} resize-y py-2.5 leading-relaxed placeholder:text-text-muted/70`}
        {...form.register('notes')}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function Totals({ pricing, method }: { pricing: CartPricing; method: DeliveryMethod }) {
  const money = (cents: number | null) =>
    cents === null ? (
      <span aria-label="Loading" className="inline-block h-5 w-16 animate-pulse rounded bg-surface-raised" />
    ) : (
      formatCents(cents)
    );
  return (
    <dl className="flex flex-col gap-2 border-t border-border pt-4 text-base">
      <div className="flex justify-between gap-3">
        <dt className="text-text-muted">Subtotal</dt>
        <dd className="tabular">{money(pricing.live ? pricing.subtotalCents : null)}</dd>
      </div>
      <div className="flex justify-between gap-3">
        <dt className="text-text-muted">Delivery fee{method === 'Pickup' ? ' (pickup)' : ''}</dt>
        <dd className="tabular">{money(pricing.deliveryFeeCents)}</dd>
      </div>
      <div className="flex justify-between gap-3 text-lg font-bold">
        <dt>Total</dt>
        <dd className="tabular">{money(pricing.live ? pricing.totalCents : null)}</dd>
      </div>
    </dl>
  );
}
