import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';

describe('serving the built SPA', () => {
  let ctx: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'camino-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(dist, 'pages'));
    writeFileSync(
      path.join(dist, 'pages', 'landing.html'),
      `<!doctype html><div id="root" data-prerendered><h1>Camino Claro</h1>${'<p>texto</p>'.repeat(50)}</div>`,
    );
    writeFileSync(
      path.join(dist, 'pages', 'chat.html'),
      '<!doctype html><div id="root" data-prerendered="/chat"><textarea id="question-input"></textarea></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'service-worker.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Camino Claro"}');
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers client routes with index.html under a strict policy: no inline script, no nonce', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/blog/caso-mahmoud-khalil' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toBe('<!doctype html><div id="root"></div>');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    expect(csp).not.toContain('nonce');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sends the page rendered at build time for its path (with or without a final slash)', async () => {
    for (const url of ['/landing', '/landing/', '/landing?utm=x']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<h1>Camino Claro</h1>');
    }
    const other = await ctx.app.inject({ method: 'GET', url: '/settings' });
    expect(other.body).not.toContain('data-prerendered');
  });

  it('sends a browser with no session cookie from the chat to /login before drawing it; the chat to the others', async () => {
    const navigate = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/chat', headers: navigate });
    expect(signedOut.statusCode).toBe(302);
    expect(signedOut.headers.location).toBe('/login');
    expect(signedOut.body).not.toContain('question-input');
    const other = await ctx.app.inject({ method: 'GET', url: '/chat/', headers: { ...navigate, cookie: 'camino.other=1' } });
    expect(other.statusCode).toBe(302);
    // With a session cookie (checked by the page, which sends an expired one to /login), and the service
    // worker's copy for offline use, fetched without cookies and not as a navigation.
    for (const headers of [
      { ...navigate, cookie: 'theme=1; camino.session_token=abc.def' },
      { ...navigate, cookie: '__Secure-camino.session_token=abc.def' },
      { 'sec-fetch-mode': 'cors' },
    ]) {
      const page = await ctx.app.inject({ method: 'GET', url: '/chat', headers });
      expect(page.statusCode, JSON.stringify(headers)).toBe(200);
      expect(page.body).toContain('question-input');
    }
  });

  it('sends the same page compressed, with one ETag, and a 304 to a browser that has it', async () => {
    const br = await ctx.app.inject({ method: 'GET', url: '/landing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Camino Claro</h1>');
    const gzip = await ctx.app.inject({ method: 'GET', url: '/landing', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Camino Claro</h1>');

    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(gzip.headers.etag).toBe(etag);
    const revisit = await ctx.app.inject({ method: 'GET', url: '/landing', headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.body).toBe('');
    expect(revisit.headers['content-security-policy']).toBe(br.headers['content-security-policy']);
    const otherPage = await ctx.app.inject({ method: 'GET', url: '/chat', headers: { 'if-none-match': etag } });
    expect(otherPage.statusCode).toBe(200);
    expect(otherPage.headers.etag).not.toBe(etag);
  });

  it('serves the service worker unexpired, allowed to fetch our own origin only, and the manifest by its type', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('serves hashed assets as immutable, and 404s as JSON under /api and for missing files', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});
