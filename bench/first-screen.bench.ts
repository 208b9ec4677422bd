// Time to the first screen in a real browser, as a visitor on a slow connection sees it: from the
// navigation until the sign-in (and sign-up) screen's heading is in the document, against the bare React page
// (bench/support/bare-page.ts, built by the same Vite config) measured in the same run, the same way.
//   - Penny is started as the e2e tests start it (e2e/global-setup.ts: scripts/start.ts, build if stale,
//     migrate, serve on embedded PGlite with a throwaway data folder); the bare page is served by a plain
//     static server with the same brotli files.
//   - Chromium (Debian's, as the e2e tests use) under the DevTools "Slow 4G" profile: 150 ms round
//     trip, 1.6 Mbit/s down, 750 kbit/s up; a fresh context (cold cache) for every load.
//   - The sign-in screen needs what the bare page does not: the session check (a round trip) and its
//     own code. What this guards is everything else: a screen held back after its code arrived (e.g.
//     React's Suspense reveal throttle), a waterfall of chunks, a larger download.
// Environment: BENCH_FIRST_SCREEN_LOADS (default 12): loads per page, interleaved.
// Goal: the sign-in screen within 1.8x the bare page's time (exit 1 beyond it). Reported: sign-up; a
// signed-out visit to /Accounts until the sign-in screen it is sent to; a signed-in user's start screen
// (a user made over HTTP as the e2e tests make them, e2e/support/users.ts).
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import startPennyAsE2e from '../e2e/global-setup.ts';
import { createVerifiedUser, signIn } from '../e2e/support/users.ts';
import { buildWithPennyConfig, writeBarePage } from './support/bare-page.ts';
import { stats } from './support/stats.ts';

const LOADS = Number(process.env.BENCH_FIRST_SCREEN_LOADS ?? 12);
const GOAL = 1.8;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = path.join(root, 'node_modules/.cache/penny-bench-first-screen');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function buildBarePage(): Promise<string> {
  const bareRoot = path.join(work, 'bare');
  const outDir = path.join(work, 'bare-dist');
  await writeBarePage(bareRoot);
  await buildWithPennyConfig(bareRoot, outDir);
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a build directory, sending the `.br` file beside a requested one when there is one. */
async function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://x').pathname;
      const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
      if (!file.startsWith(dir)) return void response.writeHead(404).end();
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      const brotli = await stat(`${file}.br`).then(
        () => true,
        () => false,
      );
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) return void response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': type,
        vary: 'accept-encoding',
        ...(brotli ? { 'content-encoding': 'br' } : {}),
      });
      createReadStream(brotli ? `${file}.br` : file).pipe(response);
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function firstScreen(
  browser: Browser,
  url: string,
  name: string,
  storageState?: StorageState,
): Promise<number> {
  // A signed-in visit keeps the session cookie and nothing else: the cache stays cold.
  const context = await browser.newContext(storageState ? { storageState } : {});
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.emulateNetworkConditions', SLOW_4G);
    // Runs in the page before its own scripts (a string: this bench is compiled without the DOM types).
    await page.addInitScript({
      content: `(() => {
        const seen = () => [...document.querySelectorAll('h1, h2')]
          .some((element) => element.textContent.trim() === ${JSON.stringify(name)});
        new MutationObserver((_, observer) => {
          if (!seen()) return;
          window.firstScreenAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, childList: true, characterData: true });
      })();`,
    });
    await page.goto(url);
    await page.getByRole('heading', { name, exact: true }).waitFor({ timeout: 60_000 });
    return Number(await page.evaluate('window.firstScreenAt'));
  } finally {
    await context.close();
  }
}

/** A page measured: where, the heading that says it is shown, and the goal against the bare page. */
type Screen = {
  name: string;
  url: string;
  heading: string;
  goal: number | null;
  storageState: StorageState | undefined;
  times: number[];
};

function screen(
  name: string,
  url: string,
  heading: string,
  { goal = null, storageState }: { goal?: number | null; storageState?: StorageState } = {},
): Screen {
  return { name, url, heading, goal, storageState, times: [] };
}

let stopPenny: (() => Promise<void>) | undefined;
let bare: Server | undefined;
let browser: Browser | undefined;
try {
  const bareServer = await serveStatic(await buildBarePage());
  bare = bareServer.server;
  stopPenny = await startPennyAsE2e();
  const pennyUrl = process.env.PENNY_E2E_URL as string;
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  // A returning user: signed up and verified over HTTP as the e2e tests do, the session cookie kept.
  const setup = await browser.newContext({ baseURL: pennyUrl });
  const setupPage = await setup.newPage();
  await signIn(setupPage, await createVerifiedUser(setupPage.request, { firstName: 'Ada' }));
  const signedIn = await setup.storageState();
  await setup.close();

  // `goal`: the largest ratio to the bare page allowed; the others are reported, not held to a goal.
  const pages: Screen[] = [
    screen('bare React page', `${bareServer.url}/`, 'Hello'),
    screen('sign-in screen', `${pennyUrl}/signin`, 'Sign In', { goal: GOAL }),
    // A visitor whose session has expired opens a bookmarked /Accounts and is sent to sign in.
    screen('/Accounts→sign-in', `${pennyUrl}/Accounts`, 'Sign In'),
    // A returning user, still signed in, opens Penny: the start screen.
    screen('signed-in start', `${pennyUrl}/`, 'Hello, Ada!', { storageState: signedIn }),
    screen('sign-up screen', `${pennyUrl}/signup`, 'Create an account'),
  ];
  // One warm-up each (the server's first request, the browser's first context), then interleaved loads.
  for (const page of pages) await firstScreen(browser, page.url, page.heading, page.storageState);
  for (let load = 0; load < LOADS; load++) {
    for (const entry of pages) {
      entry.times.push(await firstScreen(browser, entry.url, entry.heading, entry.storageState));
    }
  }

  const baseline = stats(pages[0]?.times ?? []).p50;
  for (const entry of pages) {
    const { p50 } = stats(entry.times);
    const ratio = p50 / baseline;
    const verdict =
      entry.goal === null ? '' : `  (goal ${entry.goal}x: ${ratio <= entry.goal ? 'met' : 'NOT met'})`;
    console.log(
      `  ${entry.name.padEnd(16)} p50 ${p50.toFixed(0).padStart(5)} ms  ${ratio.toFixed(2)}x the bare page` +
        `  (min ${Math.min(...entry.times).toFixed(0)}, max ${Math.max(...entry.times).toFixed(0)}, ${entry.times.length} loads)${verdict}`,
    );
    if (entry.goal !== null && ratio > entry.goal) process.exitCode = 1;
  }
  console.log('  Slow 4G (150 ms round trip, 1.6 Mbit/s down), cold cache');
} finally {
  await browser?.close();
  bare?.close();
  await stopPenny?.();
  await rm(work, { recursive: true, force: true });
}
