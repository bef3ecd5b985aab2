// The one way our scripts and browser tests start Chromium: Debian's package, headless, with nothing that reaches
// out to the network on its own (updates, sync, QUIC probes) so runs are quiet and repeatable.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const HEADLESS_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
