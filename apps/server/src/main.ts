import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { composeServices } from './compose.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

// Everything the server creates (DATA_DIR, the database's files, the secrets) is its user's alone.
process.umask(0o077);

/** A refusal to start on a configuration problem: the message alone, exit code 2. */
function refuse(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  refuse(error);
}

const logger = createLogger({ level: config.logLevel });
logger.info(`Penny starting on Node ${process.version}`);
if (config.mail.mode === 'log') {
  logger.warn('MAIL_MODE=log: no mail is sent; each verification and reset link is written to this log');
}
let services: Awaited<ReturnType<typeof composeServices>>;
try {
  services = await composeServices(config, logger);
} catch (error) {
  refuse(error);
}

let inFlight = 0;
const server = serve(
  { fetch: services.app.fetch, port: config.port, hostname: config.host },
  (info: AddressInfo) => {
    const anyAddress = info.address === '0.0.0.0' || info.address === '::';
    const shown = anyAddress ? 'localhost' : info.address;
    // The sandbox upstreams live on this server: the SDKs call them on the address it really listens on.
    const reachable = anyAddress
      ? '127.0.0.1'
      : info.address.includes(':')
        ? `[${info.address}]`
        : info.address;
    services.providers.useSandboxOrigin(`http://${reachable}:${info.port}`);
    logger.info(
      { port: info.port, database: services.database.kind },
      `Penny is ready on http://${shown}:${info.port} (Node ${process.version})`,
    );
  },
);
server.on('request', (_req, res) => {
  inFlight++;
  res.once('close', () => inFlight--);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal, inFlight }, 'shutting down: finishing running jobs, then in-flight requests');
  const forced = setTimeout(() => {
    logger.warn({ inFlight }, 'shutdown timed out; closing anyway');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  forced.unref();
  // First the running jobs, while requests are still answered: /healthz says 'draining' (503), so the
  // load balancer sends new requests elsewhere, and a sync's calls to the sandbox upstreams (served by
  // this server) still get through. No new job starts here; queued ones wait for the other instances.
  await services.drain();
  // Then stop accepting, let keep-alive sockets go once idle, and wait for the rest to finish.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
  await services.close();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
