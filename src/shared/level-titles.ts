/**
 * The 100 level titles, from Coin Collector (level 1) to Coin King (level 100): ten tiers of ten, the first of
 * each tier plain and the rest numbered. Above level 100 the title stays Coin King (ARCHITECTURE.md departure 5).
 */
const TIERS = [
  'Coin Collector',
  'Coin Saver',
  'Coin Stacker',
  'Coin Hustler',
  'Coin Trader',
  'Coin Broker',
  'Coin Baron',
  'Coin Mogul',
  'Coin Tycoon',
  'Coin Regent',
] as const;
const NUMERALS = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'] as const;

export const LEVEL_TITLES: readonly string[] = [
  ...TIERS.flatMap((tier) => NUMERALS.map((numeral) => `${tier}${numeral}`)).slice(0, 99),
  'Coin King',
];

export const MAX_TITLED_LEVEL = LEVEL_TITLES.length;

export function levelTitle(level: number): string {
  const index = Math.min(Math.max(Math.floor(level), 1), MAX_TITLED_LEVEL) - 1;
  return LEVEL_TITLES[index]!;
}
