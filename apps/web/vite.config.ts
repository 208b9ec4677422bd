import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, ProxyOptions } from 'vite';
import { defineConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing (fonts in woff2 and images are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file of the build, once, so
 * the server only picks the variant a browser accepts (apps/server/src/http/routes/web-app.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'penny:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
          .map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            const content = await readFile(file);
            if (content.length < MIN_COMPRESS_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                  [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gz(content, { level: zlib.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
      );
    },
  };
}

/** This app's folder (the benches build other pages with this config). */
const webRoot = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

/**
 * The screens a visitor most often arrives on cold, by path, and the modules they render (besides the
 * entry). Kept beside the route table's loaders in src/app/routes.tsx: a path missing here only loses
 * its head start. Signed-in paths are left out: a visitor without a session is sent to /signin, and
 * preloading the signed-in frame would slow exactly that first screen.
 */
const ENTRY_SCREENS: Record<string, string[]> = {
  '/signin': ['src/features/auth/sign-in-page.tsx'],
  '/signup': ['src/features/auth/sign-up-page.tsx', 'src/app/query-scope-provider.tsx'],
  '/forgot-password': ['src/features/auth/forgot-password-page.tsx'],
  '/reset-password': ['src/features/auth/reset-password-page.tsx'],
};

/**
 * Adds a small script to index.html that, for the path being opened, asks for that screen's chunks
 * (`modulepreload`) while the entry still downloads, instead of after it has run: one round trip less
 * before the first screen. The server allows the script by its hash (web-app.ts).
 */
function entryScreenPreloads(): Plugin {
  let root = '';
  return {
    name: 'penny:entry-screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        // Only Penny's own build.
        if (!bundle || path.resolve(root) !== webRoot) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byModule = new Map(
          chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId, chunk]),
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the entry loads already (Vite preloads those itself).
        const loaded = new Set<string>();
        const closure = (fileNames: string[], into: Set<string>) => {
          for (const fileName of fileNames) {
            if (into.has(fileName)) continue;
            into.add(fileName);
            closure(byFile.get(fileName)?.imports ?? [], into);
          }
        };
        closure(
          chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
          loaded,
        );
        const screens: Record<string, string[]> = {};
        for (const [route, modules] of Object.entries(ENTRY_SCREENS)) {
          const files = new Set<string>();
          for (const module of modules) {
            const chunk = byModule.get(path.join(root, module));
            if (!chunk) throw new Error(`penny:entry-screen-preloads: no chunk for ${module}`);
            closure([chunk.fileName], files);
          }
          screens[route] = [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
        }
        const script =
          `(() => { var files = ${JSON.stringify(screens)}[window.location.pathname.replace(/\\/+$/, '')] || [];` +
          ` files.forEach(function (href) { var link = document.createElement('link'); link.rel = 'modulepreload';` +
          ` link.href = href; document.head.appendChild(link); }); })();`;
        // Before any stylesheet: a classic script after one waits for it to download.
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset))
          throw new Error('penny:entry-screen-preloads: index.html has no charset meta');
        return html.replace(charset, `${charset}\n    <script>${script}</script>`);
      },
    },
  };
}

/** Paths the API server owns; everything else is the SPA. */
const API_PREFIXES = ['api', 'db', 'agent', 'connect', 'config', 'healthz', 'dev'] as const;

function apiProxy(target: string): Record<string, ProxyOptions> {
  const entries = API_PREFIXES.map((prefix): [string, ProxyOptions] => [
    // `/dev` must not swallow a future `/devices` route: match the segment, not the prefix.
    `^/${prefix}(?:[/?#]|$)`,
    { target, changeOrigin: false, ws: false },
  ]);
  return Object.fromEntries(entries);
}

const apiPort = process.env.PENNY_API_PORT ?? '3000';

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), entryScreenPreloads(), precompress()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Maps are written for debugging, but the bundles do not point at them and production does not
    // serve them (they hold the source).
    sourcemap: 'hidden',
  },
  server: {
    proxy: apiProxy(`http://localhost:${apiPort}`),
  },
  preview: {
    proxy: apiProxy(`http://localhost:${apiPort}`),
  },
});
