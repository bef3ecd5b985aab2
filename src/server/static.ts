import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { DEFAULT_SHOP_NAME } from '~/shared/shop-name';
import type { AppEnv } from './app-env';

export const clientDistDir = path.resolve(import.meta.dirname, '../../dist/client');

/** Pages no search engine should list. */
const NOINDEX = [/^\/admin(\/|$)/, /^\/driver-queue(\/|$)/];

/** better-auth's session cookie (with its `__Secure-` prefix behind HTTPS): its presence picks the member shell. */
const SESSION_COOKIES = ['better-auth.session_token', '__Secure-better-auth.session_token'];

/** The app itself, which the entry script imports once the shell has painted (src/app/client/main.tsx). */
const APP = 'app.tsx';
const SIGNED_IN_LAYOUT = 'signed-in-layout.tsx';
const feature = (name: string, page: string) => `../../features/${name}/client/${page}.tsx`;

/**
 * The lazy route modules (keys of Vite's manifest, relative to the build's root, src/app/client) each page needs before it can render,
 * as src/app/client/router.tsx loads them. The page's HTML modulepreloads them, so they download beside the entry
 * script instead of after it. A page missing here still works; it only loads its module later.
 */
const ROUTE_MODULES: [RegExp, string[]][] = [
  [/^\/$/, [feature('accounts', 'welcome-page')]],
  [/^\/login$/, [feature('accounts', 'login-page')]],
  [/^\/request-access$/, [feature('accounts', 'request-access-page')]],
  [/^\/(terms|privacy|community-rules|disclaimer)$/, ['../../client/pages/static-page.tsx']],
  [/^\/feed$/, [SIGNED_IN_LAYOUT, feature('feed', 'feed-page')]],
  [/^\/menu$/, [SIGNED_IN_LAYOUT, feature('shop', 'menu-page')]],
  [/^\/orders$/, [SIGNED_IN_LAYOUT, feature('shop', 'my-orders-page')]],
  [/^\/cart$/, [SIGNED_IN_LAYOUT, 'pages/cart-page.tsx']],
  [/^\/(leaderboard|missions|rewards-center)$/, [SIGNED_IN_LAYOUT]],
  [/^\/(profile|inbox|admin|driver-queue)(\/|$)/, [SIGNED_IN_LAYOUT]],
];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The chunk of a module: its own manifest entry, or, when the build merged it into a first-load group (vite.config.ts,
 * FIRST_LOAD_CHUNKS), the chunk of the group, which is named after the module.
 */
function chunkOf(manifest: Manifest, key: string): ManifestChunk | undefined {
  const name = path.basename(key).replace(/\.tsx?$/, '');
  return (
    manifest[key] ??
    Object.values(manifest).find((chunk) => chunk.name === name && chunk.file.endsWith('.js'))
  );
}

/** The files modules need at once: their chunks, the chunks' static imports (recursively) and their stylesheets. */
function closureOf(manifest: Manifest, keys: string[]) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: ManifestChunk | undefined) => {
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(manifest[imported]);
  };
  for (const key of keys) visit(chunkOf(manifest, key));
  return { scripts, styles };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML of a page: index.html with the shell picked for it (`data-shell`, see index.html), modulepreloads
 * for its route chunks that index.html does not already load, and the shop's name (the Settings tab's) wherever
 * the shell says "The Vault": its title, heading, logo and the `application-name` the app starts with.
 */
export function pageHtmlFor(indexHtml: string, manifest: Manifest | undefined) {
  const entryKeys = Object.keys(manifest ?? {}).filter((key) => manifest?.[key]?.isEntry);
  const loaded = manifest ? closureOf(manifest, entryKeys) : undefined;
  const cache = new Map<string, string>();
  let cachedName = DEFAULT_SHOP_NAME;
  /** `search`: the page address's query string ("" or "?q=…"): a search asks for other data than the page's own. */
  return (pagePath: string, signedIn: boolean, search = '', shopName = DEFAULT_SHOP_NAME): string => {
    // A renamed shop: the pages written with the old name are not needed again.
    if (shopName !== cachedName) {
      cache.clear();
      cachedName = shopName;
    }
    const shell = signedIn ? 'member' : pagePath === '/' ? 'welcome' : undefined;
    const modules = [APP, ...(ROUTE_MODULES.find(([pattern]) => pattern.test(pagePath))?.[1] ?? [])];
    // A member opening "/" is sent on to the feed: load its modules too.
    if (signedIn && pagePath === '/') modules.push(SIGNED_IN_LAYOUT, feature('feed', 'feed-page'));
    const preloadFeed = signedIn && search === '' && modules.includes(feature('feed', 'feed-page'));
    const key = `${shell}|${modules.join(',')}|${preloadFeed}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached;

    let links = '';
    if (manifest && loaded) {
      const { scripts, styles } = closureOf(manifest, modules);
      for (const file of styles) {
        if (!loaded.styles.has(file)) links += `<link rel="stylesheet" crossorigin href="/${file}">`;
      }
      for (const file of scripts) {
        if (!loaded.scripts.has(file)) links += `<link rel="modulepreload" crossorigin href="/${file}">`;
      }
    }
    // A member's page asks for the session (and the feed its first data) once its scripts have run: asked for
    // here, the answers are on their way while the scripts load. The app's own requests take them over (the same
    // address, method and credentials); tests/e2e/shell.spec.ts checks each is fetched once.
    if (signedIn) links += '<link rel="preload" as="fetch" crossorigin href="/api/accounts/session">';
    if (preloadFeed) links += '<link rel="preload" as="fetch" crossorigin href="/api/feed">';
    let html = links ? indexHtml.replace('</head>', `${links}</head>`) : indexHtml;
    if (shell) html = html.replace('<html ', `<html data-shell="${shell}" `);
    if (shopName !== DEFAULT_SHOP_NAME) html = html.replaceAll(DEFAULT_SHOP_NAME, () => escapeHtml(shopName));
    cache.set(key, html);
    return html;
  };
}

/**
 * The web app manifest the build wrote (vite-plugin-pwa, scripts/vite-pwa.ts) with the shop's name as its `name` and
 * `short_name`, and an ETag of what is sent: it changes with the build and with the name (docs/decisions/028).
 */
export function webAppManifestFor(template: string, shopName: string): { body: string; etag: string } {
  const body = JSON.stringify({ ...(JSON.parse(template) as object), name: shopName, short_name: shopName });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

/** A file of the build, read again only when the build changes it (a rebuild while the server runs). */
function perBuild<T>(file: string, read: (content: string) => T): () => T {
  let known: { mtime: number; value: T } | undefined;
  return () => {
    const mtime = fs.statSync(file).mtimeMs;
    if (known?.mtime !== mtime) known = { mtime, value: read(fs.readFileSync(file, 'utf8')) };
    return known.value;
  };
}

function readManifest(distDir: string): Manifest | undefined {
  const file = path.join(distDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : undefined;
}

/**
 * The built single-page app: hashed assets cached for a year (sent as the .br or .gz the build wrote beside them
 * when the browser accepts it), everything else revalidated, and any other path answered with index.html so the
 * client router can take it. Pages and the web app manifest carry `shopName()`, the shop's name now.
 */
export function staticRoutes(
  distDir = clientDistDir,
  shopName: () => Promise<string> = () => Promise.resolve(DEFAULT_SHOP_NAME),
) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(distDir, 'index.html');
  const manifestPath = path.join(distDir, 'manifest.webmanifest');
  // Read once per build (a rebuild while the server runs is picked up by the index.html's change time).
  const pageHtml = perBuild(indexPath, (html) => pageHtmlFor(html, readManifest(distDir)));
  // The manifest, written for each name once per build: members' browsers check it again on every launch.
  const webAppManifest = perBuild(manifestPath, (template) => {
    let sent: { shopName: string; manifest: ReturnType<typeof webAppManifestFor> } | undefined;
    return (name: string) => {
      if (sent?.shopName !== name) sent = { shopName: name, manifest: webAppManifestFor(template, name) };
      return sent.manifest;
    };
  });
  const cacheFor = (value: string) =>
    createMiddleware(async (c, next) => {
      await next();
      if (c.res.ok) c.res.headers.set('Cache-Control', value);
    });
  // The build's manifest is for the server only.
  app.use('/.vite/*', async (c) => c.notFound());
  app.get('/manifest.webmanifest', async (c) => {
    if (!fs.existsSync(manifestPath)) return c.notFound();
    const { body, etag } = webAppManifest()(await shopName());
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', etag);
    if (
      c.req
        .header('If-None-Match')
        ?.split(/\s*,\s*/)
        .includes(etag)
    )
      return c.body(null, 304);
    c.header('Content-Type', 'application/manifest+json');
    return c.body(body);
  });
  app.use(
    '/assets/*',
    cacheFor('public, max-age=31536000, immutable'),
    serveStatic({ root: distDir, precompressed: true }),
  );
  const publicFiles = serveStatic({ root: distDir, precompressed: true });
  // "/" is a page like the others (below), not the bare index.html a static server would send.
  app.use('*', cacheFor('no-cache'), (c, next) =>
    c.req.path === '/' || c.req.path === '/index.html' ? next() : publicFiles(c, next),
  );
  app.get('*', async (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    if (NOINDEX.some((pattern) => pattern.test(c.req.path))) c.header('X-Robots-Tag', 'noindex, nofollow');
    const signedIn = SESSION_COOKIES.some((name) => getCookie(c, name) !== undefined);
    const html = pageHtml()(c.req.path, signedIn, new URL(c.req.url).search, await shopName());
    c.header('Vary', 'Accept-Encoding, Cookie');
    if (!/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) return c.html(html);
    c.header('Content-Encoding', 'gzip');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(gzipSync(html));
  });
  return app;
}
