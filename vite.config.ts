import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { installableApp } from './scripts/vite-pwa.ts';

const outDir = path.resolve(import.meta.dirname, 'dist/client');
const ROUTER_PRODUCTION = 'node_modules/react-router/dist/production/index.mjs';

/**
 * Writes a .br and a .gz beside every script, stylesheet and SVG of the build, at the highest levels (once, at build
 * time), so the server sends them compressed without compressing per request (src/server/static.ts).
 */
function precompress(): Plugin {
  return {
    name: 'vault:precompress',
    apply: 'build',
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|webmanifest|json)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`))
          continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * A first load in a few files instead of dozens. Left to itself the bundler makes a chunk for every set of routes that
 * shares a module, so opening the feed fetched 65 scripts, most under 2 kB: over HTTP/1.1's six connections a slow
 * phone waits a round trip for each batch (Lighthouse's /feed LCP 4.5 s → 3.4 s with these groups, same bytes). Each
 * group takes its module and, recursively, every module it imports that a group above has not taken: React and the
 * router (one file that changes rarely), the app (app.tsx: router, session, API client), what the welcome page
 * adds, what the signed-in header shares with the after-first-paint layer (the mute control: its own chunk, so a
 * member's first load carries neither the sky nor the service worker), what the
 * after-first-paint layer adds, what the signed-in layout adds, and what the feed adds. Other routes stay split
 * as the bundler decides.
 * The welcome group comes before the signed-in one so a visitor's "/" never loads the member layout's chunk; a
 * member's first load carries the welcome page's few kB instead. A group must not take a module with a top-level
 * await (app.tsx has none; see there). bench/README.md has the figures.
 */
const FIRST_LOAD_CHUNKS = [
  // Vite's helper for dynamic imports: the entry's one static import. Left to the groups below, it went into the
  // app's chunk, which the entry then imported statically, so React and the app ran before the shell had painted.
  { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 6 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 5 },
  { name: 'app', test: /src[\\/]app[\\/]client[\\/]app\.tsx$/, priority: 4 },
  { name: 'welcome-page', test: /welcome-page\.tsx$/, priority: 3 },
  // What the after-first-paint layer shares with the signed-in header (scripts/bundle-size.mjs fails when the
  // header's chunk imports the layer's): the mute control, its music and the icons both show.
  {
    name: 'shared-chrome',
    test: /src[\\/]client[\\/]ambience[\\/]music-toggle\.tsx$|lucide-react[\\/].*[\\/]icons[\\/]x\.mjs$/,
    priority: 2.7,
  },
  { name: 'after-first-paint', test: /src[\\/]client[\\/]after-first-paint\.tsx$/, priority: 2.6 },
  { name: 'signed-in-layout', test: /signed-in-layout\.tsx$/, priority: 2 },
  { name: 'feed-page', test: /feed-page\.tsx$/, priority: 1 },
];

// The browser app. `npm run dev` serves it with hot reload and proxies /api to the API server.
export default defineConfig(({ command }) => ({
  root: 'src/app/client',
  publicDir: path.resolve(import.meta.dirname, 'src/client/public'),
  plugins: [react(), tailwindcss(), ...installableApp(), precompress()],
  resolve: {
    alias: [
      { find: '~', replacement: path.resolve(import.meta.dirname, 'src') },
      // React Router 7's package exports name only its development build (remix-run/react-router#12532, "intended
      // to be temporary"): its dev warnings and checks would ship to phones. A build takes the production one.
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, ROUTER_PRODUCTION) }]
        : []),
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: the server preloads the chunks of the page being opened (static.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: FIRST_LOAD_CHUNKS },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
  },
}));
