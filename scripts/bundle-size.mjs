// Prints what a first visit downloads before a page can render, gzipped as a server would send it, and fails when
// a page is over its budget or loads a chunk it must not. Measured from the HTML the server sends for the page
// (src/server/static.ts): the entry script, every <link rel=modulepreload> (the entry's own chunks and the page's
// route chunks) and the stylesheets. Fonts and images are not counted.
//
// Run after `npx vite build`: npm run size  (node --import tsx scripts/bundle-size.mjs [distDir])
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageHtmlFor } from '../src/server/static.ts';

/**
 * Each page's budget in kB of gzipped JavaScript: CI fails above it. `baseline` is the same figure measured the same
 * way before issue 27's first-load work (2026-11-24, commit f3611b6): printed so a regression reads against where we
 * came from. Lower a budget when a change makes the first load smaller; raise it only with a reason in the commit
 * message. `never`: chunks the page's first load must not carry: a visitor's "/" nothing of the member's screens
 * (vite.config.ts, FIRST_LOAD_CHUNKS), and no page the layer that loads after the first paint, nor the kit's code
 * that loads on demand (Radix's menu and dialog, sonner with the toaster).
 */
const ON_DEMAND = ['menu-parts', 'dialog-parts', 'app-toaster'];
const pages = [
  {
    label: '/ (a visitor: the welcome page)',
    path: '/',
    signedIn: false,
    budgetKb: 126,
    baselineKb: 201.2,
    goalKb: 100,
    never: ['signed-in-layout', 'feed-page', 'after-first-paint', ...ON_DEMAND],
  },
  {
    label: '/feed (a signed-in member)',
    path: '/feed',
    signedIn: true,
    budgetKb: 152,
    baselineKb: 233.2,
    never: ['after-first-paint', ...ON_DEMAND],
  },
];

const distDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../dist/client'));
const indexPath = path.join(distDir, 'index.html');
const manifestPath = path.join(distDir, '.vite/manifest.json');

function fail(message) {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

/** The attributes of every `<tag ...>` in the page, as plain objects (the order of attributes varies). */
function tagsOf(html, tag) {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, 'gi')) ?? [];
  return tags.map((source) =>
    Object.fromEntries(
      [...source.matchAll(/([^\s=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)]
        .slice(1)
        .map(([, name, ...values]) => [name.toLowerCase(), values.find((v) => v !== undefined) ?? '']),
    ),
  );
}

/** Files on our own origin only; a CDN link would not be in dist/ and is not ours to size. */
function localFiles(urls) {
  const files = urls
    .filter((url) => url && !/^(?:[a-z]+:)?\/\//i.test(url))
    .map((url) => url.split(/[?#]/)[0]);
  return [...new Set(files)].map((url) => {
    const file = path.join(distDir, url.replace(/^\//, ''));
    if (!fs.existsSync(file))
      fail(`the page links ${url}, but ${path.relative(process.cwd(), file)} is missing`);
    return { url, file };
  });
}

function measure(files) {
  return files.map(({ url, file }) => {
    const content = fs.readFileSync(file);
    return { url, raw: content.length, gzip: gzipSync(content).length };
  });
}

// Decimal kilobytes, as Vite's own build report prints them.
const kB = (bytes) => (bytes / 1000).toFixed(2);
const sum = (sizes, key) => sizes.reduce((total, size) => total + size[key], 0);

function report(label, sizes, verbose) {
  console.log(`  ${label}: ${kB(sum(sizes, 'gzip'))} kB gzip (${kB(sum(sizes, 'raw'))} kB raw)`);
  if (!verbose) return;
  for (const size of [...sizes].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`    ${size.url}  ${kB(size.gzip)} kB gzip (${kB(size.raw)} kB raw)`);
  }
}

/** What the page's HTML makes the browser fetch at once. */
function firstLoad(html) {
  const links = tagsOf(html, 'link');
  const relIs = (rel) => (link) => (link.rel ?? '').toLowerCase().split(/\s+/).includes(rel);
  const scripts = localFiles([
    ...tagsOf(html, 'script')
      .filter((script) => script.type === 'module' && script.src)
      .map((script) => script.src),
    ...links.filter(relIs('modulepreload')).map((link) => link.href),
  ]);
  const styles = localFiles(links.filter(relIs('stylesheet')).map((link) => link.href));
  if (scripts.length === 0) fail('the page names no module script: is this a Vite build?');
  return { scripts: measure(scripts), styles: measure(styles) };
}

if (!fs.existsSync(indexPath)) {
  fail(`${path.relative(process.cwd(), indexPath)} is missing: build the client first (npx vite build).`);
}
const manifest = fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : undefined;
if (!manifest) console.warn('bundle-size: no .vite/manifest.json, so route chunks are not counted');
const pageHtml = pageHtmlFor(fs.readFileSync(indexPath, 'utf8'), manifest);

const problems = [];
for (const page of pages) {
  const { scripts, styles } = firstLoad(pageHtml(page.path, page.signedIn));
  console.log(`first load of ${page.label}:`);
  report('JavaScript', scripts, true);
  report('CSS', styles, false);
  const js = sum(scripts, 'gzip');
  const goal = page.goalKb ? `; goal ${page.goalKb} kB` : '';
  console.log(
    // bench/run.ts reads "budget for /: <kB>" for its goals table.
    `  budget for ${page.path}: ${kB(js)} kB gzip of JavaScript, budget ${page.budgetKb} kB ` +
      `(before issue 27: ${page.baselineKb} kB${goal})\n`,
  );
  if (js > page.budgetKb * 1000) {
    problems.push(
      `${page.path} loads ${kB(js)} kB gzip of JavaScript, over its budget of ${page.budgetKb} kB.`,
    );
  }
  for (const chunk of page.never) {
    const loaded = scripts.find((script) => path.basename(script.url).startsWith(`${chunk}-`));
    if (loaded) problems.push(`${page.path}'s first load carries ${loaded.url}, which it must never load.`);
  }
}
// The entry lets the shell paint before any of the app runs (src/app/client/main.tsx): a chunk it imports statically
// would be run first. Vite's helper for dynamic imports, and the bundler's runtime, are all it may import.
const ENTRY_MAY_IMPORT = ['preload-helper', 'rolldown-runtime'];
const entry = Object.values(manifest ?? {}).find((chunk) => chunk.isEntry);
for (const imported of entry?.imports ?? []) {
  const file = manifest[imported]?.file ?? imported;
  if (!ENTRY_MAY_IMPORT.some((name) => path.basename(file).startsWith(`${name}-`))) {
    problems.push(`the entry imports ${file} statically, so it runs before the shell has painted.`);
  }
}
if (problems.length > 0) fail(`${problems.join('\n  ')}\n  See the lists above.`);
