import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { installableApp } from './scripts/vite-pwa';

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

// The browser app. `npm run dev` serves it with hot reload and proxies /api to the API server.
export default defineConfig(({ command }) => ({
  root: 'src/client',
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
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3001}`, changeOrigin: false } },
  },
}));
