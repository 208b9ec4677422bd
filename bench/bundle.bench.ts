// Initial JavaScript of the sign-in and sign-up routes, against a bare React page built in the same
// run by the same Vite config (apps/web/vite.config.ts: same plugins, minifier and chunking). What a
// route "moves" is the entry chunk, the route's own chunk, and every chunk either imports statically
// (what the browser fetches before the screen can show), read from Vite's manifest. Sizes are brotli
// (quality 11, as the server sends them, apps/server/src/http/routes/web-app.ts); raw sizes are shown too.
// Budgets (issue 9): sign-in <= 1.6x the bare page, sign-up <= 2x. Exits 1 when one is exceeded.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { buildWithPennyConfig, type Manifest, writeBarePage } from './support/bare-page.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
// Inside the repository, so the bare page resolves react from the same node_modules.
const work = path.join(root, 'node_modules/.cache/penny-bench-bundle');

/** The chunk keys a set of chunks pulls in through static imports, themselves included. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk ${key} in the manifest`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return seen;
}

async function jsBytes(manifest: Manifest, outDir: string, keys: Set<string>) {
  let raw = 0;
  let brotli = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file?.endsWith('.js')) continue;
    const content = await readFile(path.join(outDir, file));
    raw += content.length;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
  }
  return { raw, brotli };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const bareRoot = path.join(work, 'bare');
  await writeBarePage(bareRoot);
  const bareOut = path.join(work, 'bare-dist');
  const bareManifest = await buildWithPennyConfig(bareRoot, bareOut);
  const bareEntry = Object.keys(bareManifest).filter((key) => bareManifest[key]?.isEntry);
  const bare = await jsBytes(bareManifest, bareOut, closure(bareManifest, bareEntry));

  const appOut = path.join(work, 'app-dist');
  const manifest = await buildWithPennyConfig(webRoot, appOut);
  const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const route = (srcs: string[]) => {
    for (const src of srcs) if (!manifest[src]) throw new Error(`The build has no chunk for ${src}`);
    return closure(manifest, [...entry, ...srcs]);
  };
  // A screen that reads server state renders inside the query cache's scope, a chunk of its own
  // (apps/web/src/app/query-scope.tsx): it is fetched before that screen shows, so it counts.
  const queryScope = 'src/app/query-scope-provider.tsx';
  const routes = [
    { name: 'sign-in', srcs: ['src/features/auth/sign-in-page.tsx'], budget: 1.6 },
    { name: 'sign-up', srcs: ['src/features/auth/sign-up-page.tsx', queryScope], budget: 2 },
  ];

  console.log(
    `  ${'bare React page'.padEnd(16)} ${kb(bare.brotli).padStart(9)} brotli  ${kb(bare.raw).padStart(9)} raw`,
  );
  const over: string[] = [];
  for (const { name, srcs, budget } of routes) {
    const size = await jsBytes(manifest, appOut, route(srcs));
    const ratio = size.brotli / bare.brotli;
    const verdict = ratio <= budget ? 'within' : 'OVER';
    console.log(
      `  ${`${name} route`.padEnd(16)} ${kb(size.brotli).padStart(9)} brotli  ${kb(size.raw).padStart(9)} raw` +
        `  ${ratio.toFixed(2)}x the bare page (budget ${budget}x: ${verdict})`,
    );
    if (ratio > budget) over.push(name);
  }
  if (over.length > 0) {
    console.error(`  Initial JavaScript over budget: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
