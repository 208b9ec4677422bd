import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, webAppRoutes } from './web-app.ts';

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'penny-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script>1</script><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{"version":3}');
  writeFileSync(path.join(dist, 'assets', 'logo-1.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (routes: ReturnType<typeof webAppRoutes>['routes'], url: string, headers = {}) =>
  routes.request(url, { headers });

describe('precompressed assets', () => {
  it('sends brotli when the browser accepts it, with vary: accept-encoding and the immutable cache', async () => {
    const { routes } = webAppRoutes(dist, { serveSourceMaps: false });
    const response = await get(routes, '/assets/app-abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const { routes } = webAppRoutes(dist, { serveSourceMaps: false });
    const gzip = await get(routes, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const refused = await get(routes, '/assets/app-abc123.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(refused.headers.get('content-encoding')).toBe('gzip');

    const plain = await get(routes, '/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    expect(await plain.text()).toBe(script);
  });

  it('sends a file without variants as it is, without vary', async () => {
    const { routes } = webAppRoutes(dist, { serveSourceMaps: false });
    const response = await get(routes, '/assets/logo-1.png', { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('answers 404 for a missing asset or a path that leaves the assets folder', async () => {
    const { routes } = webAppRoutes(dist, { serveSourceMaps: false });
    expect((await get(routes, '/assets/nope.js')).status).toBe(404);
    expect((await get(routes, '/assets/..%2f..%2fpackage.json')).status).toBe(404);
  });
});

describe('source maps', () => {
  it('are not served in production', async () => {
    const { routes } = webAppRoutes(dist, { serveSourceMaps: false });
    const response = await get(routes, '/assets/app-abc123.js.map');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('version');
  });

  it('are served to developers', async () => {
    const { routes } = webAppRoutes(dist, { serveSourceMaps: true });
    const response = await get(routes, '/assets/app-abc123.js.map');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ version: 3 });
  });
});

describe('acceptedEncodings', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['br;q=0.1, gzip;q=1', ['br', 'gzip']],
    ['br;q=0', []],
    ['identity', []],
    ['*', ['br', 'gzip']],
    ['*, br;q=0', ['gzip']],
    ['GZIP', ['gzip']],
  ])('%j -> %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
