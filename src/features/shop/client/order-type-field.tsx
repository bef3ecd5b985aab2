import { Store, Truck } from 'lucide-react';
import { DELIVERY_METHODS, type DeliveryMethod } from '~/features/shop/orders.constants';
import { SegmentedChoice } from '~/client/components/ui/segmented-choice';

const ICONS = { Delivery: Truck, Pickup: Store } as const;
const CHOICES = DELIVERY_METHODS.map((method) => ({ value: method, label: method, Icon: ICONS[method] }));

/** Delivery or Pickup for the whole cart: switching it moves every line in the cart. */
export function OrderTypeField({
  value,
  onValueChange,
}: {
  value: DeliveryMethod;
  onValueChange: (method: DeliveryMethod) => void;
}) {
  return (
    <SegmentedChoice
      label="Order Type"
      hint="One order type for everything in your cart."
      value={value}
      onValueChange={onValueChange}
      choices={CHOICES}
    />
  );
}
