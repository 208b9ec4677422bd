import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vite';

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
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: apiProxy(`http://localhost:${apiPort}`),
  },
  preview: {
    proxy: apiProxy(`http://localhost:${apiPort}`),
  },
});
