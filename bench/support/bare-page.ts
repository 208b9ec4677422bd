import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
