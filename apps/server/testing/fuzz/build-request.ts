// Building a request: placeholders filled in for the current users, the path, the query, the
// caller's credentials and Origin; the body's encoding is encode-body.ts.

import { type Caller, type FuzzCase, ORIGIN_HEADER } from './cases.ts';
import type { BuildContext, BuiltRequest } from './context.ts';
import { bodyText, encode, percentEncode } from './encode-body.ts';
import type { Endpoint } from './endpoints.ts';
import { applyMutations, defineOwn } from './mutations.ts';
import { P } from './placeholders.ts';

function fill(ctx: BuildContext, value: string, maxHuge: number): string {
  if (!value.startsWith('$$')) return value;
  const hugeMatch = /^\$\$huge:(\d+):(.)$/su.exec(value);
  const hugeChar = hugeMatch?.[2];
  if (hugeMatch && hugeChar !== undefined) return hugeChar.repeat(Math.min(Number(hugeMatch[1]), maxHuge));
  const own = ctx.user.linked;
  const other = ctx.other.linked;
  const table: Record<string, string> = {
    [P.bankName]: own?.bankName ?? 'Unlinked_plaid',
    [P.walletName]: own?.walletName ?? 'Unlinked_web3',
    [P.brokerageName]: own?.brokerageName ?? 'Unlinked_snaptrade',
    [P.itemId]: own?.itemId ?? 'unlinked-item',
    [P.connectionId]: own?.connectionId ?? 'unlinked-connection',
    [P.bankAccountId]: own?.bankAccountId ?? 'unlinked-account',
    [P.txCursor]: own?.txCursor ?? 'unlinked-cursor',
    [P.publicToken]: own?.publicToken ?? 'public-sandbox-unlinked',
    [P.spentPublicToken]: own?.spentPublicToken ?? 'public-sandbox-unlinked',
    [P.otherBankName]: other?.bankName ?? 'Other_unlinked_plaid',
    [P.otherWalletName]: other?.walletName ?? 'Other_unlinked_web3',
    [P.otherBrokerageName]: other?.brokerageName ?? 'Other_unlinked_snaptrade',
    [P.otherItemId]: other?.itemId ?? 'other-unlinked-item',
    [P.otherConnectionId]: other?.connectionId ?? 'other-unlinked-connection',
    [P.otherBankAccountId]: other?.bankAccountId ?? 'other-unlinked-account',
    [P.otherTxCursor]: other?.txCursor ?? 'other-unlinked-cursor',
    [P.otherPublicToken]: other?.publicToken ?? 'public-sandbox-other-unlinked',
    [P.linkToken]: own?.linkToken ?? 'link-sandbox-unlinked',
    [P.otherLinkToken]: other?.linkToken ?? 'link-sandbox-other-unlinked',
    [P.portalToken]: own?.portalToken ?? 'unlinked-portal-token',
    [P.otherPortalToken]: other?.portalToken ?? 'other-unlinked-portal-token',
    [P.otherSnapTradeUserId]: other?.snapTradeUserId ?? 'other-unlinked-user',
    [P.username]: ctx.user.username,
    [P.firstName]: ctx.user.firstName,
    [P.lastName]: ctx.user.lastName,
    [P.email]: ctx.user.email,
    [P.userId]: ctx.user.id,
    [P.password]: ctx.user.password,
    [P.resourceId]: ctx.user.resourceId,
    [P.sessionToken]: ctx.user.sessionToken,
    [P.otherUsername]: ctx.other.username,
    [P.otherEmail]: ctx.other.email,
    [P.otherUserId]: ctx.other.id,
    [P.otherResourceId]: ctx.other.resourceId,
    [P.proposalId]: ctx.user.proposalId,
    [P.otherProposalId]: ctx.other.proposalId,
    [P.changeId]: ctx.user.changeId,
    [P.otherChangeId]: ctx.other.changeId,
    [P.cursor]: ctx.user.cursor,
  };
  if (table[value] !== undefined) return table[value];
  // A placeholder with a tainted tail ('$$firstName\u0000'): the value, then the tail.
  const prefix = Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .find((key) => value.startsWith(key));
  return prefix ? `${table[prefix]}${value.slice(prefix.length)}` : value;
}

function resolve(ctx: BuildContext, value: unknown, maxHuge = Number.POSITIVE_INFINITY): unknown {
  if (typeof value === 'string') return fill(ctx, value, maxHuge);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolve(ctx, item, maxHuge));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) defineOwn(out, key, resolve(ctx, child, maxHuge));
  return out;
}

export const sessionCookie = (token: string) => `better-auth.session_token=${token}`;

/** One request, or two for a replayed envelope (the same bytes sent twice). */
export function buildRequests(c: FuzzCase, ctx: BuildContext, endpoint: Endpoint): BuiltRequest[] {
  let pathname = endpoint.path;
  if (pathname.includes(':')) {
    const param = fill(ctx, c.shape.param ?? 'x', 10_000);
    pathname = pathname.replace(/:[A-Za-z]+/, () => (c.shape.rawParam ? param : percentEncode(param)));
  }
  const queryValue = applyMutations(c.shape.query ?? {}, c.queryMutations);
  const pairs: string[] = [];
  if (queryValue && typeof queryValue === 'object' && !Array.isArray(queryValue)) {
    const params = new URLSearchParams();
    for (const [key, raw] of Object.entries(queryValue)) {
      const values = Array.isArray(raw) ? raw : [raw];
      for (const item of values) {
        const resolved = resolve(ctx, item, 8_000);
        params.append(key, typeof resolved === 'string' ? resolved : (JSON.stringify(resolved) ?? ''));
      }
    }
    if (params.size > 0) pairs.push(params.toString());
  }
  if (c.rawQuery) pairs.push(c.rawQuery);
  const path = pairs.length > 0 ? `${pathname}?${pairs.join('&')}` : pathname;

  const headers: Record<string, string> = {};
  const user = ctx.user.token;
  const forged = `${user.split('.')[0]}.forgedsignature`;
  const bearer: Record<Caller, string | undefined> = {
    none: undefined,
    anon: ctx.anonToken,
    user,
    'user-cookie': ctx.anonToken,
    cookie: undefined,
    forged,
    'forged-cookie': undefined,
  };
  const cookie: Record<Caller, string | undefined> = {
    none: undefined,
    anon: undefined,
    user: undefined,
    'user-cookie': user,
    cookie: user,
    forged: undefined,
    'forged-cookie': forged,
  };
  const bearerToken = bearer[c.caller];
  const cookieToken = cookie[c.caller];
  if (bearerToken) headers.authorization = `Bearer ${bearerToken}`;
  if (cookieToken) headers.cookie = sessionCookie(cookieToken);
  const origin = ORIGIN_HEADER[c.origin](ctx.origin);
  if (origin) headers.origin = origin;

  if (endpoint.method === 'GET') return [{ method: 'GET', path, headers, preview: '' }];

  const value = resolve(ctx, applyMutations(c.shape.body, c.mutations));
  const text = bodyText(c, value);
  return encode(c, ctx, path, headers, value, text).map((request) => ({ ...request, value }));
}
