import type { Context } from 'hono';
import { z } from 'zod';

/**
 * JSON-RPC 2.0 over HTTP POST, shared by the Ethereum and Solana fakes: single calls and batches (arrays),
 * ids echoed with their own type, notifications (no id) answered with nothing, and every failure a
 * JSON-RPC error object with HTTP 200 (a node never answers bad input with a 500).
 */

export class RpcError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

export type RpcMethods = Record<string, (params: unknown) => unknown>;

export type RpcMessages = {
  parseError: string;
  invalidRequest: string;
  methodNotFound: (method: string) => string;
  internalError: string;
};

const idSchema = z.union([z.string(), z.number(), z.null()]);
const requestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: idSchema.optional(),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});

type RpcId = z.infer<typeof idSchema>;
type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } };

/** A Hono handler answering JSON-RPC with `methods`. */
export function jsonRpcHandler(methods: RpcMethods, messages: RpcMessages) {
  const failure = (id: RpcId, code: number, message: string): RpcResponse => ({
    jsonrpc: '2.0',
    id,
    error: { code, message },
  });

  const answer = async (entry: unknown): Promise<RpcResponse | null> => {
    const parsed = requestSchema.safeParse(entry);
    if (!parsed.success) {
      const id = idSchema.safeParse(
        typeof entry === 'object' && entry !== null && 'id' in entry ? entry.id : null,
      );
      return failure(id.success ? id.data : null, -32600, messages.invalidRequest);
    }
    const { id, method, params } = parsed.data;
    const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
    let response: RpcResponse;
    if (!run) response = failure(id ?? null, -32601, messages.methodNotFound(method));
    else {
      try {
        response = { jsonrpc: '2.0', id: id ?? null, result: await run(params) };
      } catch (error) {
        response =
          error instanceof RpcError
            ? failure(id ?? null, error.code, error.message)
            : failure(id ?? null, -32603, messages.internalError);
      }
    }
    // A notification (no id at all) gets no answer.
    return id === undefined ? null : response;
  };

  return async (c: Context) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return json(c, failure(null, -32700, messages.parseError));
    }
    if (Array.isArray(body)) {
      if (body.length === 0) return json(c, failure(null, -32600, messages.invalidRequest));
      const answers = (await Promise.all(body.map(answer))).filter((item) => item !== null);
      return answers.length ? json(c, answers) : c.body(null, 200);
    }
    const single = await answer(body);
    return single ? json(c, single) : c.body(null, 200);
  };
}

/** Checks `params` against `schema`, or fails the call with -32602 and `message`. */
export function parseParams<T>(schema: z.ZodType<T>, params: unknown, message: (issue: string) => string): T {
  const parsed = schema.safeParse(params ?? []);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new RpcError(
    -32602,
    message(issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid'),
  );
}

const BIGINT_MARK = '@@bigint@@';

/**
 * JSON text in which bigints become plain number literals, exact at any size: Solana reports u64 values
 * such as rentEpoch 18446744073709551615 as JSON numbers, which JSON.stringify cannot write.
 */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${BIGINT_MARK}${item}${BIGINT_MARK}` : item,
  ).replace(new RegExp(`"${BIGINT_MARK}(-?\\d+)${BIGINT_MARK}"`, 'g'), '$1');
}

function json(c: Context, value: unknown) {
  return c.body(stringifyJson(value), 200, { 'content-type': 'application/json' });
}
