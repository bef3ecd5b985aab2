// Directions for the driver's run (driver-order-card.tsx): a module of its own, so the first load does not carry it.
/** Apple's own devices: iPhone, iPod, and iPads (which say they are a Mac with a touch screen). */
export const isAppleMobile = (userAgent: string, maxTouchPoints: number) =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);

/** Directions to the address in the phone's maps: Apple Maps on Apple's phones and tablets, Google Maps elsewhere. */
export function mapsUrl(address: string, appleMobile: boolean): string {
  const destination = encodeURIComponent(address);
  return appleMobile
    ? `https://maps.apple.com/?daddr=${destination}`
    : `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}
