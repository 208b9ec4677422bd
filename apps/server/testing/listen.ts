import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** Serves a fake on a free local port over real HTTP, for contract tests with the vendors' own clients. */
export function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<{
  url: string;
  close: () => Promise<void>;
}> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
