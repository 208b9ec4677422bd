// Runs every bench/*.bench.ts in sequence, each in its own Node process (a fresh heap and JIT).
// `npm run bench` runs them all; `npm run bench -- pipeline` runs the ones whose name contains "pipeline".
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = (await readdir(benchDir))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No bench/*.bench.ts matched ${filters.join(', ') || '(all)'}.`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [path.join(benchDir, file)], { stdio: 'inherit' });
    child.on('exit', (exitCode) => resolve(exitCode));
    child.on('error', () => resolve(1));
  });
  console.log(
    `=== ${file}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${((performance.now() - started) / 1000).toFixed(1)} s ===`,
  );
  if (code !== 0) failed.push(file);
}

if (failed.length > 0) {
  console.error(`\nFailed benches: ${failed.join(', ')}`);
  process.exit(1);
}
