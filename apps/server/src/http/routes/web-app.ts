import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../context.ts';

/** Paths that belong to the APIs; everything else is the SPA's (history fallback). */
const API_PREFIXES = [
  '/api/',
  '/db/',
  '/agent/',
  '/connect/api/',
  '/dev/',
  '/sandbox/',
  '/config',
  '/healthz',
];

export type WebApp = {
  routes: Hono<AppEnv>;
  /** sha256 sources of index.html's inline scripts, for the Content-Security-Policy. */
  inlineScriptHashes: string[];
};

export type WebAppOptions = {
  /**
   * Serve the build's `*.map` files. Off in production: the maps hold the source, and the bundles no
   * longer point at them (Vite builds them 'hidden'); developers and tests still get them.
   */
  serveSourceMaps?: boolean;
};

/** The precompressed variants the build writes beside each asset (apps/web/vite.config.ts). */
export const ASSET_ENCODINGS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type AssetEncoding = (typeof ASSET_ENCODINGS)[number]['encoding'];

/**
 * The encodings an `Accept-Encoding` header allows, in our order of preference (brotli is smaller):
 * a coding listed with q=0 is refused, and `*` stands for any coding not listed.
 */
export function acceptedEncodings(header: string | undefined): AssetEncoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  return ASSET_ENCODINGS.map((entry) => entry.encoding).filter((encoding) => {
    const weight = weights.get(encoding) ?? wildcard;
    return weight !== undefined && weight > 0;
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA from `distDir`: hashed assets with a year-long immutable cache (brotli or gzip
 * as the browser accepts, chosen from variants made at build time), index.html (never cached) for every
 * other GET that is not an API path.
 */
export function webAppRoutes(
  distDir: string,
  { serveSourceMaps = process.env.NODE_ENV !== 'production' }: WebAppOptions = {},
): WebApp {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const routes = new Hono<AppEnv>();

  routes.on(['GET', 'HEAD'], '/assets/*', (c) => {
    const requestPath = c.req.path;
    if (!serveSourceMaps && requestPath.endsWith('.map')) return c.text('Not found', 404);
    // Only plain relative names inside dist/assets: no dot segments, backslashes or encoded tricks.
    if (/(^|\/)\.\.?(\/|$)|\\|%|\/\//.test(requestPath)) return c.text('Not found', 404);
    const file = path.join(root, requestPath);
    if (!file.startsWith(root + path.sep) || !isFile(file)) return c.text('Not found', 404);

    const variants = ASSET_ENCODINGS.filter(({ extension }) => isFile(file + extension));
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    const chosen = variants.find(({ encoding }) => accepted.includes(encoding));
    const served = chosen ? file + chosen.extension : file;
    const size = statSync(served).size;

    c.header('content-type', getMimeType(file) ?? 'application/octet-stream');
    c.header('cache-control', 'public, max-age=31536000, immutable');
    c.header('content-length', String(size));
    // Caches must key on Accept-Encoding whenever the answer could differ by it.
    if (variants.length > 0) c.header('vary', 'accept-encoding');
    if (chosen) c.header('content-encoding', chosen.encoding);
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(served)), 200);
  });

  routes.get('*', async (c, next) => {
    const requestPath = c.req.path;
    if (API_PREFIXES.some((prefix) => requestPath === prefix || requestPath.startsWith(prefix)))
      return next();
    if (requestPath.startsWith('/assets/')) return c.text('Not found', 404);
    if (!indexHtml) {
      return c.text('The web app is not built yet. Run `npm start`, which builds it first.', 503);
    }
    if (!serveSourceMaps && requestPath.endsWith('.map')) return c.text('Not found', 404);
    // Top-level files such as favicon.svg or robots.txt sit beside index.html.
    const file = path.join(root, path.normalize(requestPath));
    if (requestPath !== '/' && file.startsWith(root) && path.extname(requestPath) && existsSync(file)) {
      return serveStatic({ root: path.relative(process.cwd(), root) || '.' })(c, next);
    }
    return c.html(indexHtml, 200, { 'cache-control': 'no-cache' });
  });
  return { routes, inlineScriptHashes: indexHtml ? hashInlineScripts(indexHtml) : [] };
}

function hashInlineScripts(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}
