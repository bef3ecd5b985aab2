/** The ZIP code an address ends with, its last 5-digit group ("…, DC 20001-1234" -> "20001"); '' when none. */
export function zipOfAddress(address: string): string {
  return address.match(/\b\d{5}\b/g)?.at(-1) ?? '';
}
