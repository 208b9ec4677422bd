import { ENCRYPTED_HEADER, ENCRYPTED_HEADER_VALUE, ENVELOPE_METHODS } from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';

/**
 * The three API services (docs/product/chat.md, "The calls it makes"); auth goes through the Better Auth
 * client instead.
 */
export type Service = 'db' | 'agent' | 'connect';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** Default: POST when `body` or `form` is given, else GET. */
  method?: HttpMethod;
  /** Appended as the query string; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** JSON body; sealed for POST/PUT/PATCH to db and agent when encryption is on. */
  body?: unknown;
  /** URL-encoded form body; account-connection service only. */
  form?: Record<string, string> | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type RequesterOptions = {
  /** Base URL of each service, absolute or relative to the page (e.g. `/db`). */
  baseUrls: { db: string; agent: string; connect: string };
  /** The current session token, or null when signed out. */
  getToken: () => string | null;
  /** Public token sent as the Bearer when there is no session. */
  anonToken: string;
  /** Server X25519 public key, base64. */
  boxPublicKey: string;
  /** Seal JSON bodies of POST/PUT/PATCH to db and agent. */
  encrypt: boolean;
  fetch?: typeof fetch;
};

export type Requester = {
  /** Sends the request and parses the JSON reply (undefined when the reply is empty). */
  request<T = unknown>(service: Service, path: string, init?: RequestOptions): Promise<T>;
  /** Sends the request and returns the OK response unread, e.g. for an event stream. */
  send(service: Service, path: string, init?: RequestOptions): Promise<Response>;
  /** The absolute or page-relative URL a call would go to. */
  url(service: Service, path: string, query?: RequestOptions['query']): string;
};

/**
 * A non-OK reply. The message is the required `HTTP {status}: {statusText}` (docs/product/chat.md,
 * "HTTP errors"), which callers match on.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly statusText: string;
  /** The server's own sentence and code (`{success:false, error, code}`), when the reply carried them. */
  readonly serverError: { error: string; code: string } | undefined;
  constructor(status: number, statusText: string, serverError?: { error: string; code: string }) {
    super(`HTTP ${status}: ${statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.serverError = serverError;
  }
}

/**
 * The server's sentence when it refused at one of the user's quotas (`quota:*`, docs/api.md, "Quotas"):
 * shown in the server's words where a flow otherwise shows its own ('HTTP 409: Conflict', 'Server error:
 * 409'), since only they say what to do about it.
 */
export function quotaRefusal(error: unknown): string | undefined {
  if (error instanceof HttpError && error.serverError?.code.startsWith('quota:'))
    return error.serverError.error;
  return undefined;
}

/**
 * The `{error, code}` of a JSON error reply, for callers that show the server's words (docs/product/chat.md,
 * "Web3 save").
 */
async function readServerError(response: Response): Promise<{ error: string; code: string } | undefined> {
  if (!response.headers.get('content-type')?.includes('application/json')) {
    // Free the connection: a non-JSON error body is not shown (docs/product/chat.md, "Web3 save").
    await response.body?.cancel().catch(() => {});
    return undefined;
  }
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      const code = 'code' in body && typeof body.code === 'string' ? body.code : '';
      return { error: body.error, code };
    }
  } catch {
    // An unreadable error body is the same as none.
  }
  return undefined;
}

const sealedMethods: ReadonlySet<string> = new Set(ENVELOPE_METHODS);

/** The request wrapper every service client goes through (docs/product/chat.md, "Request wrapper"). */
export function createRequester(options: RequesterOptions): Requester {
  // Late-bound: calling an unbound window.fetch throws "Illegal invocation".
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function url(service: Service, path: string, query?: RequestOptions['query']): string {
    const base = options.baseUrls[service].replace(/\/+$/, '');
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== null && value !== undefined) search.append(key, String(value));
    }
    const qs = search.toString();
    return `${base}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
  }

  async function send(service: Service, path: string, init: RequestOptions = {}): Promise<Response> {
    if (init.body !== undefined && init.form !== undefined) {
      throw new TypeError('Pass either body or form, not both');
    }
    if (init.form !== undefined && service !== 'connect') {
      // db and agent take sealed JSON only; a form there would travel in the clear.
      throw new TypeError('Form bodies are only sent to the account-connection service');
    }
    const method = init.method ?? (init.body !== undefined || init.form !== undefined ? 'POST' : 'GET');
    const target = url(service, path, init.query);
    const headers = new Headers(init.headers);
    // JSON unless the caller asks for another answer (the chat's event stream).
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    const requestInit: RequestInit = { method, headers };
    if (init.signal) requestInit.signal = init.signal;

    if (service === 'connect') {
      // No Authorization to the account-connection service (docs/product/chat.md, "Request wrapper"); it uses
      // the session cookie.
      headers.delete('authorization');
      requestInit.credentials = 'include';
    } else {
      headers.set('authorization', `Bearer ${options.getToken() ?? options.anonToken}`);
    }

    if (init.form !== undefined) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      requestInit.body = new URLSearchParams(init.form).toString();
    } else if (init.body !== undefined) {
      headers.set('content-type', 'application/json');
      if (options.encrypt && service !== 'connect' && sealedMethods.has(method)) {
        const envelope = sealBody({
          serverPublicKey: options.boxPublicKey,
          method,
          path: requestPath(target),
          body: init.body,
        });
        headers.set(ENCRYPTED_HEADER, ENCRYPTED_HEADER_VALUE);
        requestInit.body = JSON.stringify(envelope);
      } else {
        requestInit.body = JSON.stringify(init.body);
      }
    }

    const response = await doFetch(target, requestInit);
    if (!response.ok) {
      throw new HttpError(response.status, response.statusText, await readServerError(response));
    }
    return response;
  }

  async function request<T = unknown>(service: Service, path: string, init?: RequestOptions): Promise<T> {
    const response = await send(service, path, init);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return { request, send, url };
}

/** Pathname plus search as the server will see it; relative base URLs resolve against the page. */
function requestPath(target: string): string {
  const page = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const parsed = new URL(target, page);
  return parsed.pathname + parsed.search;
}
