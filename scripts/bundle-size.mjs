// Prints what a first visit downloads before the app can start: the entry script, the scripts Vite
// modulepreloads beside it, and the stylesheets, each gzipped as a server would send them.
// Run after `npx vite build`: node scripts/bundle-size.mjs
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const distDir = path.resolve(import.meta.dirname, '../dist/client');
const indexPath = path.join(distDir, 'index.html');

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
      fail(`index.html links ${url}, but ${path.relative(process.cwd(), file)} is missing`);
    return { url, file };
  });
}

function measure(files) {
  return files.map(({ url, file }) => {
    const content = fs.readFileSync(file);
    return { url, raw: content.length, gzip: gzipSync(content).length };
  });
}

function kB(bytes) {
  // Decimal kilobytes, as Vite's own build report prints them.
  return (bytes / 1000).toFixed(2);
}

function report(label, sizes) {
  const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
  const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
  console.log(`first-load ${label}: ${kB(gzip)} kB gzip (${kB(raw)} kB raw)`);
  for (const size of sizes) console.log(`  ${size.url}  ${kB(size.gzip)} kB gzip (${kB(size.raw)} kB raw)`);
}

if (!fs.existsSync(indexPath)) {
  fail(`${path.relative(process.cwd(), indexPath)} is missing: build the client first (npx vite build).`);
}
const html = fs.readFileSync(indexPath, 'utf8');
const links = tagsOf(html, 'link');
const relIs = (rel) => (link) => (link.rel ?? '').toLowerCase().split(/\s+/).includes(rel);

const scripts = localFiles([
  ...tagsOf(html, 'script')
    .filter((script) => script.type === 'module' && script.src)
    .map((script) => script.src),
  ...links.filter(relIs('modulepreload')).map((link) => link.href),
]);
const styles = localFiles(links.filter(relIs('stylesheet')).map((link) => link.href));

if (scripts.length === 0) fail('index.html names no module script: is this a Vite build?');
report('JavaScript', measure(scripts));
report('CSS', measure(styles));
