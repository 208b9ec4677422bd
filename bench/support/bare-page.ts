import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The baseline of the web benches: React rendering one heading ('Hello'), nothing of Penny's, as a Vite
 * project under `dir` (inside the repository, so it resolves react from the same node_modules). Build it
 * with apps/web/vite.config.ts, so plugins, minifier, chunking and precompression are Penny's.
 */
export async function writeBarePage(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'src'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Bare</title></head><body><div id="root"></div>' +
      '<script type="module" src="/src/main.tsx"></script></body></html>',
  );
  await writeFile(
    path.join(dir, 'src/main.tsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root') as HTMLElement).render(<StrictMode><h1>Hello</h1></StrictMode>);\n",
  );
}

export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/**
 * Builds the Vite project at `viteRoot` into `outDir` with Penny's own config (apps/web/vite.config.ts),
 * in production mode, and answers Vite's manifest of the build.
 */
export async function buildWithPennyConfig(viteRoot: string, outDir: string): Promise<Manifest> {
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  await build({
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    root: viteRoot,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json', sourcemap: false },
  });
  return JSON.parse(await readFile(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
}
