import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_SHOP_NAME } from '../src/shared/shop-name.ts';

/**
 * The installable app (docs/decisions/028-installable-app-with-vite-plugin-pwa.md): the web app manifest (the server
 * sends it with the shop's name in place of the one written here), its PNG icons drawn from the logo at build time,
 * and our own service worker (src/client/sw.ts) with Workbox's precache manifest injected into it. vite.config.ts
 * adds these plugins; nothing else about the build changes.
 */
const root = path.resolve(import.meta.dirname, '..');
const LOGO = path.join(root, 'src/client/public/favicon.svg');
/** DESIGN.md's background (oklch(0.16 0.02 290)) in sRGB, for the manifest and the icons' opaque backgrounds. */
export const BACKGROUND = '#120f1a';

export const ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, logoShare: 1, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, logoShare: 1, purpose: 'any' },
  // Launchers crop a maskable icon to a circle or a squircle: the logo stays inside the central safe zone.
  { fileName: 'icons/icon-maskable-512.png', size: 512, logoShare: 0.6, purpose: 'maskable' },
  // iOS fills transparency with black and rounds the corners itself: an opaque square with a margin.
  { fileName: 'apple-touch-icon.png', size: 180, logoShare: 0.84, purpose: undefined },
] as const;

/** One icon: the logo scaled to `logoShare` of the side, centred on the background colour, as PNG. */
export async function renderIcon(size: number, logoShare: number): Promise<Buffer> {
  const logoSize = Math.round(size * logoShare);
  const logo = await sharp(fs.readFileSync(LOGO), { density: 72 * Math.ceil(logoSize / 64) })
    .resize(logoSize, logoSize)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Emits the icons into the build, so they are hashed into the service worker's precache like any asset. */
function appIcons(): Plugin {
  return {
    name: 'vault:app-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of ICONS) {
        this.emitFile({
          type: 'asset',
          fileName: icon.fileName,
          source: await renderIcon(icon.size, icon.logoShare),
        });
      }
    },
  };
}

export function installableApp(): Plugin[] {
  return [
    appIcons(),
    ...VitePWA({
      strategies: 'injectManifest',
      // The service worker is platform code (src/client); the build's root is the app's shell (src/app/client).
      srcDir: path.join(root, 'src/client'),
      filename: 'sw.ts',
      // We register it ourselves, lazily, after the first paint (src/client/lib/service-worker.ts).
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: DEFAULT_SHOP_NAME,
        short_name: DEFAULT_SHOP_NAME,
        description: "An invite-only members' community for adults 21 and over.",
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: BACKGROUND,
        theme_color: BACKGROUND,
        icons: ICONS.filter((icon) => icon.purpose).map((icon) => ({
          src: `/${icon.fileName}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      },
      injectManifest: {
        // A classic script: every browser that runs service workers can start it.
        rollupFormat: 'iife',
        // The app shell: the page, every script and stylesheet (lazy routes included, so any page opens offline),
        // the font, the icons. Stickers, artwork and uploads come from the network.
        globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
      },
    }),
  ];
}
