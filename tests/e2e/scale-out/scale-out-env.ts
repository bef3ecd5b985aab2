/** A driver has 4 seconds to submit an ETA on the two instances (tests/e2e/scale-out/global-setup.ts). */
export const SCALE_OUT_ETA_WINDOW_MS = 4000;

/** The two instances' own addresses, behind the proxy at the project's baseURL (set by the global setup). */
export function instanceUrls(): [string, string] {
  return JSON.parse(process.env.VAULT_SCALE_OUT_INSTANCES ?? '[]') as [string, string];
}
