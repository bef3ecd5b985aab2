import fs from 'node:fs';

// The one way our scripts and browser tests start Chromium: Debian's packages, headless, with nothing that reaches
// out to the network on its own (updates, sync, QUIC probes) so runs are quiet and repeatable.
//
// Debian's `chromium-headless-shell` first (scripts/test-all.sh installs it): the same Blink and V8 as `chromium`
// without the browser's own interface, which a test never shows. It is what Playwright itself runs headless, and
// on the 2-core machine it ran the same stories in about three quarters of the time (docs/decisions/044).
// `/usr/bin/chromium` when only that is installed; CHROMIUM_PATH names another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const HEADLESS_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  // The compositor in the browser process rather than a GPU process of its own (software drawing either way): one
  // process less per browser, about 7% of the browsers' CPU in the stories (docs/decisions/045).
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
