import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHtmlFor, staticRoutes } from './static';

const indexHtml =
  '<!doctype html><html lang="en" class="dark"><head>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';

const manifest = {
  'main.tsx': { file: 'assets/index.js', isEntry: true, dynamicImports: ['app.tsx'] },
  'app.tsx': { file: 'assets/app.js', imports: ['_react.js'], css: ['assets/app.css'] },
  '_react.js': { file: 'assets/react.js' },
  '../../features/accounts/client/welcome-page.tsx': {
    file: 'assets/welcome-page.js',
    imports: ['_react.js', '_dialog.js'],
    css: ['assets/welcome.css'],
  },
  '_dialog.js': { file: 'assets/dialog.js' },
  'signed-in-layout.tsx': { file: 'assets/signed-in-layout.js', imports: ['_react.js'] },
  '../../features/feed/client/feed-page.tsx': { file: 'assets/feed-page.js', imports: ['_dialog.js'] },
};

const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

describe('the page HTML', () => {
  const pageHtml = pageHtmlFor(indexHtml, manifest);

  it("preloads the app and the welcome page's route chunks for a visitor's /, once each, not the entry", () => {
    const html = pageHtml('/', false);
    expect(preloads(html)).toEqual([
      '/assets/app.js',
      '/assets/react.js',
      '/assets/welcome-page.js',
      '/assets/dialog.js',
    ]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/welcome.css">');
    expect(html).toContain('<html data-shell="welcome" lang="en"');
  });

  it('shows a member the signed-in shell and preloads the layout and the page', () => {
    const html = pageHtml('/feed', true);
    expect(preloads(html)).toEqual([
      '/assets/app.js',
      '/assets/react.js',
      '/assets/signed-in-layout.js',
      '/assets/feed-page.js',
      '/assets/dialog.js',
    ]);
    expect(html).toContain('<html data-shell="member" lang="en"');
  });

  it('preloads the feed too when a member opens / (they are sent on to it)', () => {
    expect(preloads(pageHtml('/', true))).toContain('/assets/feed-page.js');
  });

  it("asks for a member's session, and on the feed its first page, with the HTML; never for a visitor", () => {
    const dataPreloads = (html: string) =>
      [...html.matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(dataPreloads(pageHtml('/feed', true))).toEqual(['/api/accounts/session', '/api/feed']);
    expect(dataPreloads(pageHtml('/', true))).toEqual(['/api/accounts/session', '/api/feed']);
    // A search on the feed asks for other posts than the first page.
    expect(dataPreloads(pageHtml('/feed', true, '?q=music'))).toEqual(['/api/accounts/session']);
    expect(dataPreloads(pageHtml('/menu', true))).toEqual(['/api/accounts/session']);
    expect(dataPreloads(pageHtml('/feed', false))).toEqual([]);
    expect(dataPreloads(pageHtml('/', false))).toEqual([]);
  });

  it('keeps the Loading Vault shell and preloads only the app for a page it does not know', () => {
    const html = pageHtml('/no-such-page', false);
    expect(preloads(html)).toEqual(['/assets/app.js', '/assets/react.js']);
    expect(html).toContain('<html lang="en"');
  });

  it('serves index.html unchanged apart from the shell when there is no manifest', () => {
    expect(pageHtmlFor(indexHtml, undefined)('/', false)).toBe(
      indexHtml.replace('<html ', '<html data-shell="welcome" '),
    );
  });
});

describe('the built files', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dist, 'assets/index.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets/index.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const app = staticRoutes(dist);

  it('sends the service worker as a script that browsers check again on every visit, never cached for a year', async () => {
    const response = await app.request('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('sends the brotli file the build wrote when the browser accepts it', async () => {
    const response = await app.request('/assets/index.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.headers.get('Content-Encoding')).toBe('br');
    expect(await response.text()).toBe('brotli bytes');
  });

  it("keeps the build's manifest to the server", async () => {
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it('answers / with the page HTML, gzipped when accepted', async () => {
    const response = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('Content-Encoding')).toBe('gzip');
    const plain = await (await app.request('/')).text();
    expect(plain).toContain('data-shell="welcome"');
    expect(plain).toContain('/assets/welcome-page.js');
  });
});
