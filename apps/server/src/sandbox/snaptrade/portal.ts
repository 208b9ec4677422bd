import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { SandboxHost } from '../host.ts';
import type { SandboxStore } from '../store.ts';
import { BROKER_SLUGS, type BrokerSlug, isBrokerSlug, SANDBOX_BROKERAGES } from './brokerages.ts';
import { seededUuid } from './prng.ts';
import {
  MAX_AUTHORIZATIONS_PER_USER,
  PORTAL_NAMESPACE,
  type PortalSessionRecord,
  type SandboxUserRecord,
  USER_NAMESPACE,
  userKey,
} from './state.ts';
import { announce, type SnapTradeWebhooks } from './webhooks.ts';

/**
 * The stand-in for SnapTrade's connection portal (app.snaptrade.com/snapTrade/redeemToken), which cannot
 * be reached offline. `login` hands out `/portal?token=…`; the page asks for a brokerage and a sandbox
 * login and reports back the way SnapTrade's portal does, by redirecting to `customRedirect` with
 * `status=SUCCESS&connection_id=…`, `status=ERROR&status_code=…&error_code=…` or `status=ABANDONED`.
 *
 * Sandbox logins: `user_good` / `pass_good` connects; password `pass_error` (or "Simulate a failure")
 * fails as a brokerage outage would (status_code=500, error_code=3002); anything else is a wrong login.
 */

export const SANDBOX_LOGIN = {
  username: 'user_good',
  password: 'pass_good',
  failingPassword: 'pass_error',
} as const;

export type PortalDeps = {
  store: SandboxStore;
  now: () => Date;
  /** The partner's client id: only its portal sessions are served here. */
  clientId: string;
  /** Who is signed in on the browser: a portal session is served only to its own user. */
  host: SandboxHost;
  /** Told of a new or repaired connection, as SnapTrade tells the partner. */
  webhooks?: SnapTradeWebhooks;
};

/** Portal tokens are base64url (connection-operations.ts); anything else is no token at all. */
const PORTAL_TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

const formSchema = z.object({
  token: z.string().regex(PORTAL_TOKEN),
  action: z.enum(['connect', 'cancel', 'fail']),
  broker: z.string().max(100).optional(),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});

type Outcome =
  | { status: 'SUCCESS'; connectionId: string }
  | { status: 'ERROR'; statusCode: string; errorCode: string }
  | { status: 'ABANDONED' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const STYLE = `
:root{color-scheme:light dark;--accent:#1f6feb;--ink:#1b1f24;--muted:#57606a;--line:#d0d7de;--card:#fff;--bg:#f3f5f8;--bad:#b42318}
@media (prefers-color-scheme:dark){:root{--ink:#e6edf3;--muted:#9aa4ae;--line:#30363d;--card:#161b22;--bg:#0d1117;--bad:#ff7b72}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--ink)}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
h1{font-size:1.4rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:var(--muted)}
fieldset{border:1px solid var(--line);border-radius:8px;margin:0 0 1rem;padding:.5rem 1rem}legend{padding:0 .25rem;font-weight:600}
.choice{display:flex;gap:.5rem;align-items:center;padding:.35rem 0}
label.field{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=password]{width:100%;padding:.55rem .7rem;border:1px solid var(--line);border-radius:6px;font:inherit;background:transparent;color:inherit}
input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}
button{font:inherit;padding:.55rem 1.1rem;border-radius:6px;border:1px solid var(--line);background:transparent;color:inherit;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:#fff;font-weight:600}
button.link{border:none;padding:.55rem .25rem;text-decoration:underline;color:var(--muted)}
.error{color:var(--bad);font-weight:600}.hint{font-size:.9rem}
`;

function page(input: { title: string; nonce: string; body: string; script?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(input.title)}</title>
<style nonce="${input.nonce}">${STYLE}</style>
</head>
<body>
<main>
${input.body}
</main>
${input.script ? `<script nonce="${input.nonce}">${input.script}</script>` : ''}
</body>
</html>`;
}

function securityHeaders(c: Context, nonce: string, redirectTo: string | null) {
  const redirectOrigin = redirectTo ? ` ${new URL(redirectTo).origin}` : '';
  // form-action covers the redirect that follows the form post, so it names customRedirect's origin.
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; form-action 'self'${redirectOrigin}; base-uri 'none'; frame-ancestors 'none'`,
  );
  // same-origin, not no-referrer: the page's URL (its token) still goes to no other origin, but its form
  // posts carry our Origin, which the host checks (with no-referrer a browser sends `Origin: null` for a
  // form post). The meta tag says the same, so Penny's own headers, set after, do not undo it.
  c.header('Referrer-Policy', 'same-origin');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
}

function portalForm(input: {
  token: string;
  broker: BrokerSlug | null;
  username: string;
  error: string | null;
}): string {
  const choices = BROKER_SLUGS.map((slug, index) => {
    const checked = input.broker ? input.broker === slug : index === 0;
    const id = `broker-${index}`;
    return `<div class="choice"><input type="radio" id="${id}" name="broker" value="${escapeHtml(slug)}"${checked ? ' checked' : ''}><label for="${id}">${escapeHtml(SANDBOX_BROKERAGES[slug].name)}</label></div>`;
  }).join('\n');
  return `<h1>Connect your brokerage</h1>
<p>Penny reads your investment accounts through SnapTrade. This is the sandbox: no real brokerage is contacted.</p>
${input.error ? `<p class="error" role="alert" id="form-error">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="portal"${input.error ? ' aria-describedby="form-error"' : ''}>
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<fieldset><legend>Brokerage</legend>
${choices}
</fieldset>
<label class="field" for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="username" value="${escapeHtml(input.username)}" required>
<label class="field" for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<p class="hint">Sandbox login: ${SANDBOX_LOGIN.username} / ${SANDBOX_LOGIN.password}. Password ${SANDBOX_LOGIN.failingPassword} simulates a brokerage failure.</p>
<div class="actions">
<button type="submit" class="primary" name="action" value="connect">Connect</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
<button type="submit" class="link" name="action" value="fail" formnovalidate>Simulate a failure</button>
</div>
</form>`;
}

const OUTCOME_TEXT = {
  SUCCESS: { title: 'Connected', message: 'Connected. You can close this window.' },
  ERROR: {
    title: 'Connection failed',
    message: 'The brokerage could not be reached. You can close this window.',
  },
  ABANDONED: { title: 'Connection cancelled', message: 'Connection cancelled. You can close this window.' },
} as const satisfies Record<Outcome['status'], { title: string; message: string }>;

function outcomeUrl(customRedirect: string, outcome: Outcome): string {
  const url = new URL(customRedirect);
  url.searchParams.set('status', outcome.status);
  if (outcome.status === 'SUCCESS') url.searchParams.set('connection_id', outcome.connectionId);
  if (outcome.status === 'ERROR') {
    url.searchParams.set('status_code', outcome.statusCode);
    url.searchParams.set('error_code', outcome.errorCode);
  }
  return url.toString();
}

function messagePage(
  c: Context,
  status: 200 | 400 | 401 | 404,
  title: string,
  message: string,
  close: boolean,
) {
  const nonce = randomBytes(16).toString('base64');
  securityHeaders(c, nonce, null);
  return c.html(
    page({
      title,
      nonce,
      body: `<h1>${escapeHtml(title)}</h1>\n<p role="status">${escapeHtml(message)}</p>`,
      ...(close ? { script: 'window.close();' } : {}),
    }),
    status,
  );
}

const EXPIRED = {
  title: 'Link expired',
  message:
    'This connection link has expired or was already used. Go back to Penny and start the connection again.',
};

const SIGNED_OUT = {
  title: 'Sign in to Penny',
  message: 'Sign in to Penny in this browser, then start the connection again from Penny.',
};

export function registerPortalRoutes(app: Hono, deps: PortalDeps): void {
  /** The session, if the token is live and its user is the one signed in on this browser. */
  const liveSession = async (c: Context, token: string | undefined) => {
    const signedIn = deps.host.browserUser(c)?.snapTradeUserId;
    // Checked before the lookup: a NUL or a stray byte in the query is no key the store can hold.
    if (!token || !PORTAL_TOKEN.test(token) || !signedIn) return undefined;
    const session = await deps.store.get<PortalSessionRecord>(PORTAL_NAMESPACE, token);
    if (!session) return undefined;
    if (Date.parse(session.expiresAt) <= deps.now().getTime()) {
      await deps.store.delete(PORTAL_NAMESPACE, token);
      return undefined;
    }
    // Another user's portal link is refused exactly as an unknown one.
    if (session.clientId !== deps.clientId || session.userId !== signedIn) return undefined;
    return session;
  };
  /** The host refuses a signed-out browser first; the portal says the same if it gets one. */
  const signedOut = (c: Context) =>
    deps.host.browserUser(c) ? undefined : messagePage(c, 401, SIGNED_OUT.title, SIGNED_OUT.message, false);

  const showForm = (
    c: Context,
    session: PortalSessionRecord,
    token: string,
    state: { broker: BrokerSlug | null; username: string; error: string | null },
    status: 200 | 400 | 401,
  ) => {
    const nonce = randomBytes(16).toString('base64');
    securityHeaders(c, nonce, session.customRedirect);
    return c.html(
      page({
        title: 'Connect a brokerage · SnapTrade sandbox',
        nonce,
        body: portalForm({ token, ...state }),
      }),
      status,
    );
  };

  /** Ends the visit: the token is spent whatever the outcome, then the app learns it by redirect. */
  const finish = async (c: Context, token: string, outcome: Outcome) => {
    let session: PortalSessionRecord | undefined;
    await deps.store.update<PortalSessionRecord>(PORTAL_NAMESPACE, token, (current) => {
      session = current ?? undefined;
      return undefined;
    });
    if (!session) return messagePage(c, 400, EXPIRED.title, EXPIRED.message, false);
    if (session.customRedirect) return c.redirect(outcomeUrl(session.customRedirect, outcome), 303);
    const text = OUTCOME_TEXT[outcome.status];
    return messagePage(c, 200, text.title, text.message, true);
  };

  app.get('/portal', async (c) => {
    const refused = signedOut(c);
    if (refused) return refused;
    const token = c.req.query('token');
    const session = await liveSession(c, token);
    if (!session || !token) return messagePage(c, 400, EXPIRED.title, EXPIRED.message, false);
    return showForm(c, session, token, { broker: session.broker, username: '', error: null }, 200);
  });

  app.post('/portal', async (c) => {
    const refused = signedOut(c);
    if (refused) return refused;
    const form = formSchema.safeParse(Object.fromEntries(new URLSearchParams(await c.req.text())));
    if (!form.success)
      return messagePage(
        c,
        400,
        'Invalid request',
        'The form was incomplete. Start again from Penny.',
        false,
      );
    const { token, action, broker, username = '', password = '' } = form.data;
    const session = await liveSession(c, token);
    if (!session) return messagePage(c, 400, EXPIRED.title, EXPIRED.message, false);
    if (action === 'cancel') return finish(c, token, { status: 'ABANDONED' });
    const brokerFailure = { status: 'ERROR', statusCode: '500', errorCode: '3002' } as const;
    if (action === 'fail' || password === SANDBOX_LOGIN.failingPassword)
      return finish(c, token, brokerFailure);
    const chosen = broker && isBrokerSlug(broker) ? broker : null;
    if (!chosen)
      return showForm(c, session, token, { broker: null, username, error: 'Choose a brokerage.' }, 400);
    if (username !== SANDBOX_LOGIN.username || password !== SANDBOX_LOGIN.password) {
      const error = 'The username or password is incorrect.';
      return showForm(c, session, token, { broker: chosen, username, error }, 401);
    }
    const connected = await connect(deps, session, chosen);
    if (connected === 'full') {
      const error = `This sandbox user already holds ${MAX_AUTHORIZATIONS_PER_USER} connections, the most it keeps. Remove one in Penny first.`;
      return showForm(c, session, token, { broker: chosen, username, error }, 400);
    }
    if (!connected) return messagePage(c, 400, EXPIRED.title, EXPIRED.message, false);
    announce(deps.webhooks, session.userId, [
      {
        eventType: session.reconnect ? 'CONNECTION_FIXED' : 'CONNECTION_ADDED',
        brokerageAuthorizationId: connected,
        broker: chosen,
      },
    ]);
    return finish(c, token, { status: 'SUCCESS', connectionId: connected });
  });
}

/**
 * Creates the brokerage authorization (or re-enables the one being reconnected); null if the user is
 * gone, 'full' when it already holds the most connections the sandbox keeps.
 */
async function connect(
  deps: PortalDeps,
  session: PortalSessionRecord,
  broker: BrokerSlug,
): Promise<string | 'full' | null> {
  const now = deps.now();
  let connectionId: string | 'full' | null = null;
  await deps.store.update<SandboxUserRecord>(
    USER_NAMESPACE,
    userKey(session.clientId, session.userId),
    (user) => {
      if (!user) return undefined;
      const reconnecting = session.reconnect
        ? user.authorizations.find((authorization) => authorization.id === session.reconnect)
        : undefined;
      if (reconnecting) {
        connectionId = reconnecting.id;
        return {
          ...user,
          authorizations: user.authorizations.map((authorization) =>
            authorization.id === reconnecting.id ? { ...authorization, disabledAt: null } : authorization,
          ),
          // Re-linking repairs a disabled connection, as at SnapTrade.
          scenario: user.scenario?.name === 'connection_disabled' ? null : user.scenario,
        };
      }
      if (user.authorizations.length >= MAX_AUTHORIZATIONS_PER_USER) {
        connectionId = 'full';
        return user;
      }
      const id = seededUuid(`${session.clientId}:${session.userId}:connection:${user.connectionsMade}`);
      connectionId = id;
      const year = now.getUTCFullYear() - 2;
      const month = String(now.getUTCMonth() + 1).padStart(2, '0');
      return {
        ...user,
        connectionsMade: user.connectionsMade + 1,
        authorizations: [
          ...user.authorizations,
          {
            id,
            broker,
            type: session.connectionType,
            createdAt: now.toISOString(),
            openedOn: `${year}-${month}-01`,
            disabledAt: null,
          },
        ],
      };
    },
  );
  return connectionId;
}
