// `npm start`: build the web app when its sources are newer than the build, then run the server
// (which migrates the database before it listens).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

process.stdout.write(`Penny: running on Node ${process.version}\n`);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'public'),
  path.join(root, 'packages/contracts/src'),
];
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt || process.env.PENNY_FORCE_BUILD === '1') {
  process.stdout.write('Penny: building the web app...\n');
  const vite = path.join(root, 'node_modules/.bin/vite');
  // Always the production bundle, whatever NODE_ENV the server runs under (Vite would follow it).
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    process.stderr.write('Penny: the web app build failed.\n');
    process.exit(result.status ?? 1);
  }
}

await import('../apps/server/src/main.ts');
