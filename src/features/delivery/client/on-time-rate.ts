/** A driver's share of deliveries within their ETA, as the Drivers tab and the assign dialog show it: "92%". */
export const formatOnTimeRate = (rate: number): string =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 }).format(rate);
