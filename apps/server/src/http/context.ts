import type { Context } from 'hono';
import type { Auth } from '../identity/index.ts';

type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;
export type SessionUser = SessionResult['user'];

/** Who is calling: a signed-in user, or a visitor holding the public anonymous token. */
export type Principal =
  | { kind: 'user'; user: SessionUser; sessionId: string; sessionCreatedAt: Date }
  | { kind: 'anonymous' };

export type AppEnv = {
  Variables: {
    requestId: string;
    /** The caller's address (socket peer, or the configured proxy header's last hop). */
    clientIp: string | undefined;
    principal: Principal;
    /** The request body after the encrypted-body middleware opened it. */
    body: unknown;
  };
};

export type AppContext = Context<AppEnv>;
