// Render cost of the visualization renderer, in process with react-dom/server (no browser, so charts
// render their loading placeholder: Chart.js drawing is not timed here; e2e/visualizations.spec.ts checks
// the page stays responsive with the 50-series chart). Every figure is a ratio against a baseline run
// in the same process: React rendering a plain 15-row, 5-column HTML table with no Penny code.
//   gallery        every fixture of /gallery, one pass (what the gallery page renders)
//   table 15       a 15-row table block through VisualizationView
//   table 10,000   the 10,000-row table block (first page), including reading the raw DSL
//   parse 10,000   parseDslObjects alone on the 10,000-row table
// The web app's .tsx modules load through Vite's SSR module loader (Node strips types, not JSX).
// Environment: BENCH_RENDER_MS (default 1500): the time each measurement runs for, per pass.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactElement } from 'react';

// React's production build, as users run it (imports below are dynamic so this applies to them).
process.env.NODE_ENV = 'production';
const { createElement: h } = await import('react');
const { renderToStaticMarkup } = await import('react-dom/server');
const { createServer } = await import('vite');
const { parseDslObjects } = await import('../packages/contracts/src/dsl.ts');

const BUDGET_MS = Number(process.env.BENCH_RENDER_MS ?? 1_500);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Fixture = { name: string; objects: unknown[] };
type ViewModule = { VisualizationView: (props: { objects: unknown }) => ReactElement };
type FixturesModule = {
  GALLERY_FIXTURES: Fixture[];
  transactionRows: (count: number, seed?: number) => unknown[];
};

const vite = await createServer({
  root: path.join(root, 'apps/web'),
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});

/** Milliseconds per call: the best of three passes of BUDGET_MS each (the first also warms the JIT). */
function time(label: string, run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  let calls = 0;
  for (let pass = 0; pass < 3; pass++) {
    const started = performance.now();
    let n = 0;
    while (performance.now() - started < BUDGET_MS || n < 3) {
      run();
      n++;
    }
    calls += n;
    best = Math.min(best, (performance.now() - started) / n);
  }
  const shown = best >= 1 ? `${best.toFixed(2)} ms` : `${(best * 1000).toFixed(1)} µs`;
  console.log(`  ${label.padEnd(30)} ${shown.padStart(12)} per call  (${calls} calls)`);
  return best;
}

try {
  const { VisualizationView } = (await vite.ssrLoadModule(
    '/src/features/visualizations/index.ts',
  )) as ViewModule;
  const { GALLERY_FIXTURES, transactionRows } = (await vite.ssrLoadModule(
    '/src/features/gallery/fixtures.ts',
  )) as FixturesModule;
  const bigTable = GALLERY_FIXTURES.find((fixture) => fixture.name === 'table-10000')?.objects;
  if (!bigTable) throw new Error('the gallery has no table-10000 fixture');
  const smallRows = transactionRows(15) as Array<Record<string, unknown>>;
  const smallTable = [{ type: 'table', title: 'Recent transactions', rows: smallRows }];
  const columns = Object.keys(smallRows[0] ?? {});

  const baselineTable = () =>
    h(
      'table',
      null,
      h('thead', null, h('tr', null, ...columns.map((c) => h('th', { key: c }, c)))),
      h(
        'tbody',
        null,
        ...smallRows.map((row, i) =>
          h('tr', { key: i }, ...columns.map((c) => h('td', { key: c }, String(row[c])))),
        ),
      ),
    );

  console.log(`render: react-dom/server renderToStaticMarkup, best of 3 passes, Node ${process.version}`);
  const baseline = time('baseline (plain 15-row table)', () => renderToStaticMarkup(baselineTable()));
  const gallery = time(`gallery (${GALLERY_FIXTURES.length} fixtures)`, () => {
    for (const fixture of GALLERY_FIXTURES)
      renderToStaticMarkup(h(VisualizationView, { objects: fixture.objects }));
  });
  const table15 = time('table 15 rows', () =>
    renderToStaticMarkup(h(VisualizationView, { objects: smallTable })),
  );
  const table10k = time('table 10,000 rows', () =>
    renderToStaticMarkup(h(VisualizationView, { objects: bigTable })),
  );
  const parse10k = time('parse 10,000 rows', () => parseDslObjects(bigTable));

  console.log(`  gallery / baseline        x${(gallery / baseline).toFixed(1)} time per render`);
  console.log(`  table 15 / baseline       x${(table15 / baseline).toFixed(1)} time per render`);
  console.log(`  table 10,000 / baseline   x${(table10k / baseline).toFixed(1)} time per render`);
  console.log(
    `  table 10,000 / table 15   x${(table10k / table15).toFixed(1)} (rows x${(10_000 / 15).toFixed(0)})`,
  );
  console.log(`  parse 10,000 / baseline   x${(parse10k / baseline).toFixed(1)} time per call`);
} finally {
  await vite.close();
}
