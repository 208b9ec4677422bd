// `npm run fuzz`: the fuzz suite of apps/server/testing/fuzz/fuzz.test.ts at a larger count, against
// the in-process app on PGlite (or on PostgreSQL with TEST_DATABASE_URL and --postgres).
//   npm run fuzz -- [--seed N] [--count N] [--postgres] [--trace]
// Prints the counts by endpoint and status, then every distinct failure with the request that caused
// it; exits 1 when any request failed an invariant (5xx, 4xx without a JSON error, a row changed by a
// rejected request, a redirect off our origin).
import { parseArgs } from 'node:util';
import { createTestApp, formatCounts, formatFailures, runFuzz } from '@penny/server/testing';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    count: { type: 'string', default: '20000' },
    postgres: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(count) || count < 1) {
  console.error('usage: npm run fuzz -- [--seed N] [--count N] [--postgres] [--trace]');
  process.exit(2);
}
if (values.postgres && !process.env.TEST_DATABASE_URL) {
  console.error('--postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(2);
}

const database = values.postgres ? 'postgres' : 'pglite';
console.log(
  `fuzz: ${count} cases, seed ${seed}, on ${database} (replay with --seed ${seed} --count ${count})`,
);
// Listening: linking the fuzz users' sandbox accounts goes through the provider SDKs over HTTP.
const t = await createTestApp({ database, env: { LOG_LEVEL: 'info' }, listen: true });
try {
  const report = await runFuzz(t, {
    seed,
    count,
    onProgress: (done, partial) =>
      console.log(
        `  ${done}/${count} cases, ${partial.requests} requests, ${partial.failures.length} distinct failures`,
      ),
    ...(values.trace
      ? {
          onRequest: ({ index, request, status, answer }) =>
            console.log(`#${index} ${status} ${request}\n    → ${answer.replaceAll('\n', ' ')}`),
        }
      : {}),
  });
  console.log(formatCounts(report));
  if (report.failures.length > 0) {
    console.log(`\n${report.failures.length} distinct failures:\n\n${formatFailures(report)}`);
    process.exitCode = 1;
  } else {
    console.log('no failures');
  }
} finally {
  await t.close();
}
