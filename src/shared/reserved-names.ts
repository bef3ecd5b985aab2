/**
 * Names only staff and the app speak as ("Admin Team", the "Vault Team" badge staff messages carry, "Owner", "The
 * Vault"), and the shop's name as the Settings tab sets it (checked by the server at registration, since it can
 * change): a member who registered as one would look like staff in notifications and on the feed. A name is
 * refused when, normalised, it IS one of them — never when it merely contains one ("Joe Owner" is a fine name).
 */
export const RESERVED_NAMES = [
  'Admin Team',
  'Vault Team',
  'Admin',
  'Owner',
  'Moderator',
  'The Vault',
] as const;

export const RESERVED_NAME_MESSAGE = 'This name is reserved for the shop’s staff. Please use your own name.';

/** Letters that look like Latin ones (Cyrillic, Greek, digits and symbols people type for letters). */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ѵ: 'v',
  ѡ: 'w',
  ԛ: 'q',
  ԝ: 'w',
  ɑ: 'a',
  α: 'a',
  ε: 'e',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  η: 'n',
  μ: 'm',
  ω: 'w',
  χ: 'x',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '|': 'l',
};

/**
 * The skeleton two names share when a reader would take one for the other: Unicode NFKC (full-width and styled
 * letters become plain ones), case folded, accents dropped, look-alike letters mapped, then everything but
 * letters removed (spaces, punctuation, zero-width characters).
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  // "I" and "l" look alike: both become "l" after the map, so "AdmIn" and "Admln" read the same.
  return [...folded]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('')
    .replace(/i/g, 'l')
    .replace(/[^a-z]/g, '');
}

const RESERVED = new Set(RESERVED_NAMES.map(nameSkeleton));

export function isReservedName(name: string): boolean {
  return RESERVED.has(nameSkeleton(name));
}

/**
 * Whether `name` reads as the shop's name: the same skeleton, or, for names with no Latin letters to compare
 * ("金库"), the same characters once normalised, case folded and without spaces.
 */
export function isShopName(name: string, shopName: string): boolean {
  const skeleton = nameSkeleton(shopName);
  if (skeleton) return nameSkeleton(name) === skeleton;
  const plain = (text: string) =>
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s\p{Cf}]/gu, '');
  return plain(name) === plain(shopName);
}
