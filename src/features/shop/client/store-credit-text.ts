import { formatCents } from '~/shared/money';

/** Store credit taken off an order, as every total shows it: "−$45.00" (a minus sign, not a hyphen). */
export const storeCreditText = (cents: number) => `\u2212${formatCents(cents)}`;
