// The encrypted-body middleware on its own, in process (no socket, no database), so its cost per
// request is not lost in the noise of the full pipeline. Same bare route three ways:
//   baseline  no middleware, plaintext JSON body
//   plain     the middleware mounted (encryption not required), plaintext JSON body
//   sealed    the middleware opening a body sealed by the web app's sealBody (pre-sealed, one rid each)
// Also times the client side: one sealBody call (what the browser pays per write request).
// Environment: BENCH_ENVELOPE_REQUESTS (default 5000).

import { sealBody } from '@penny/contracts/envelope-seal';
import { createMemoryReplayStore, encryptedBody } from '@penny/server/testing';
import { Hono } from 'hono';
import nacl from 'tweetnacl';

const N = Number(process.env.BENCH_ENVELOPE_REQUESTS ?? 5_000);
const PATH = '/db/database-setup';
const body = { username: 'user_bench01', firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' };
const plainJson = JSON.stringify(body);

const keys = nacl.box.keyPair();
const serverPublicKey = Buffer.from(keys.publicKey).toString('base64');

const handler = async (c: import('hono').Context) => c.json({ success: true, got: await c.req.json() });
const baselineApp = new Hono().post(PATH, handler);
const app = new Hono();
app.use(
  PATH,
  encryptedBody({ secretKey: keys.secretKey, required: false, replayStore: createMemoryReplayStore() }),
);
app.post(PATH, handler);

const seal = () => JSON.stringify(sealBody({ serverPublicKey, method: 'POST', path: PATH, body }));

async function send(target: Hono, payload: string, sealed: boolean) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (sealed) headers['x-encrypted'] = '1';
  const response = await target.request(PATH, { method: 'POST', headers, body: payload });
  if (response.status !== 200) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** Microseconds per request, best of three passes (the first pass also warms the JIT). */
async function time(label: string, run: (i: number) => Promise<void> | void): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const started = performance.now();
    for (let i = 0; i < N; i++) await run(pass * N + i);
    best = Math.min(best, ((performance.now() - started) * 1000) / N);
  }
  console.log(`  ${label.padEnd(26)} ${best.toFixed(1).padStart(8)} µs/request`);
  return best;
}

console.log(`envelope: ${N} requests per pass, best of 3 passes, in process, Node ${process.version}`);
const sealStarted = performance.now();
const pool = Array.from({ length: 3 * N }, seal);
const sealUs = ((performance.now() - sealStarted) * 1000) / pool.length;
console.log(`  ${'sealBody (client)'.padEnd(26)} ${sealUs.toFixed(1).padStart(8)} µs/call`);

const baseline = await time('baseline (no middleware)', () => send(baselineApp, plainJson, false));
const plain = await time('plain through middleware', () => send(app, plainJson, false));
const sealed = await time('sealed through middleware', (i) => send(app, pool[i] ?? seal(), true));

console.log(`  plain / baseline  x${(plain / baseline).toFixed(2)} time per request`);
console.log(`  sealed / baseline x${(sealed / baseline).toFixed(2)} time per request`);
console.log(
  `  sealed / plain    x${(sealed / plain).toFixed(2)} time per request (+${(sealed - plain).toFixed(0)} µs to open)`,
);
