import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

/** Paths that belong to the APIs; everything else is the SPA's (history fallback). */
const API_PREFIXES = ['/api/', '/db/', '/agent/', '/connect/', '/dev/', '/config', '/healthz'];

export type WebApp = {
  routes: Hono<AppEnv>;
  /** sha256 sources of index.html's inline scripts, for the Content-Security-Policy. */
  inlineScriptHashes: string[];
};

/**
 * Serves the built SPA from `distDir`: hashed assets with a year-long immutable cache, index.html
 * (never cached) for every other GET that is not an API path.
 */
export function webAppRoutes(distDir: string): WebApp {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const routes = new Hono<AppEnv>();
  routes.use(
    '/assets/*',
    serveStatic({
      root: path.relative(process.cwd(), distDir) || '.',
      onFound: (_path, c) => {
        c.header('cache-control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  routes.get('*', async (c, next) => {
    const requestPath = c.req.path;
    if (API_PREFIXES.some((prefix) => requestPath === prefix || requestPath.startsWith(prefix)))
      return next();
    if (requestPath.startsWith('/assets/')) return c.text('Not found', 404);
    if (!indexHtml) {
      return c.text('The web app is not built yet. Run `npm start`, which builds it first.', 503);
    }
    // Top-level files such as favicon.svg or robots.txt sit beside index.html.
    const file = path.join(distDir, path.normalize(requestPath));
    if (requestPath !== '/' && file.startsWith(distDir) && path.extname(requestPath) && existsSync(file)) {
      return serveStatic({ root: path.relative(process.cwd(), distDir) || '.' })(c, next);
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
