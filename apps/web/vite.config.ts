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
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
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
