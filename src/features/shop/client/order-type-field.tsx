import { Store, Truck } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { DELIVERY_METHODS, type DeliveryMethod } from '~/features/shop/orders.schema';

const ICONS = { Delivery: Truck, Pickup: Store } as const;

/** Delivery or Pickup for the whole cart: switching it moves every line in the cart. */
export function OrderTypeField({
  value,
  onValueChange,
}: {
  value: DeliveryMethod;
  onValueChange: (method: DeliveryMethod) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium">
        Order Type
      </span>
      <RadioGroup.Root
        value={value}
        onValueChange={(method) => onValueChange(method as DeliveryMethod)}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        orientation="horizontal"
        className="grid grid-cols-2 gap-1 rounded-xl border border-border bg-background p-1"
      >
        {DELIVERY_METHODS.map((method) => {
          const Icon = ICONS[method];
          return (
            <RadioGroup.Item
              key={method}
              value={method}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-base font-semibold text-text-muted transition-colors duration-150 hover:text-text data-[state=checked]:bg-primary data-[state=checked]:text-on-primary"
            >
              <Icon className="size-5" aria-hidden />
              {method}
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      <p id={hintId} className="text-xs text-text-muted">
        One order type for everything in your cart.
      </p>
    </div>
  );
}
