/** Money is whole cents everywhere; only the screen sees dollars. */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 2000 -> "$20.00". */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}

/**
 * What a person typed as a price ("45", "45.5", "$1,800") in cents, or undefined when it is not a price.
 * Rounds to the nearest cent.
 */
export function parseDollarsToCents(input: string): number | undefined {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}
