// A request's body as it travels: sealed as the web app seals, plain JSON, a form, multipart, junk
// bytes, nothing, or a sealed envelope tampered with; deep nesting and raw text spliced in as text.

import type { EncryptedEnvelope } from '@penny/contracts';
import { randomRequestId, sealBody } from '@penny/contracts/envelope-seal';
import nacl from 'tweetnacl';
import type { Deep, FuzzCase } from './cases.ts';
import type { BuildContext, BuiltRequest } from './context.ts';
import { defineOwn } from './mutations.ts';

function deepText(deep: Deep): string {
  const close = deep.open === '[' ? ']' : '}';
  return `${deep.open.repeat(deep.depth)}1${close.repeat(deep.depth)}`;
}

const DEEP_MARKER = '$$deep';
/** The field spliced text replaces, per endpoint: where each one takes a document. */
const DEEP_FIELDS: Record<string, string> = {
  'POST /db/store-resource': 'dsl_objects',
  'POST /db/save-user-preferences': 'preferences',
  'POST /db/generate-preference-prompt': 'preferences',
};

/**
 * The JSON text of the body, with a deeply nested document or raw text spliced in as text when the case
 * asks: in place of the body, or of the field that takes a document (so the rest of the body is valid).
 */
export function bodyText(c: FuzzCase, value: unknown): string | undefined {
  const spliced = c.deep ? { text: deepText(c.deep), placement: c.deep.placement } : c.raw;
  if (spliced) {
    if (spliced.placement === 'body' || value === null || typeof value !== 'object' || Array.isArray(value)) {
      return spliced.text;
    }
    const holder: Record<string, unknown> = { ...value };
    defineOwn(holder, DEEP_FIELDS[c.endpoint] ?? 'nested', DEEP_MARKER);
    return JSON.stringify(holder).replace(JSON.stringify(DEEP_MARKER), () => spliced.text || '""');
  }
  return value === undefined ? undefined : JSON.stringify(value);
}

const encoder = new TextEncoder();

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The bytes of a JS string with lone surrogates kept (WTF-8: each as its 3-byte form, which is not
 * valid UTF-8), where TextEncoder would turn them into U+FFFD: forms carry them as a browser never would.
 */
function wtf8(text: string): Uint8Array {
  if (!LONE_SURROGATE.test(text)) return encoder.encode(text);
  const chunks: Uint8Array[] = [];
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    chunks.push(
      encoder.encode(text.slice(run, i)),
      Uint8Array.of(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)),
    );
    run = i + 1;
  }
  chunks.push(encoder.encode(text.slice(run)));
  return Buffer.concat(chunks);
}

/** Percent-encodes a string as a form or a path does, lone surrogates included (where encodeURIComponent throws). */
export function percentEncode(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  return Buffer.from(wtf8(text))
    .toString('hex')
    .replace(/../g, (hex) => `%${hex.toUpperCase()}`);
}

/** A body as form fields: top-level keys (arrays repeat the key), any other value as its JSON text. */
function formFields(c: FuzzCase, value: unknown, text: string): Array<[string, string]> {
  if (c.deep || c.raw || value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [['body', text]];
  }
  return Object.entries(value).flatMap(([key, item]) =>
    (Array.isArray(item) ? item : [item]).map((one): [string, string] => [
      key,
      typeof one === 'string' ? one : (JSON.stringify(one) ?? ''),
    ]),
  );
}

const BOUNDARY = 'fuzzboundary';

function multipartBody(fields: Array<[string, string]>, file: boolean, truncated: boolean): Uint8Array {
  const parts: Uint8Array[] = fields.map(([name, value]) =>
    Buffer.concat([
      wtf8(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      wtf8(value),
      encoder.encode('\r\n'),
    ]),
  );
  if (file) {
    parts.push(
      encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\ndate,amount\r\n`,
      ),
    );
  }
  parts.push(
    encoder.encode(truncated ? `--${BOUNDARY}\r\nContent-Disposition: form-da` : `--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

/** The web app's envelope (sealBody) around JSON text that no JS value could hold (deep nesting). */
function textEnvelope(ctx: BuildContext, path: string, jsonText: string, ts = Date.now()): EncryptedEnvelope {
  const plaintext = `{"v":1,"ts":${ts},"rid":"${randomRequestId()}","method":"POST","path":${JSON.stringify(path)},"body":${jsonText}}`;
  const ephemeral = nacl.box.keyPair();
  const nonce = nacl.randomBytes(nacl.box.nonceLength);
  const box = nacl.box(
    encoder.encode(plaintext),
    nonce,
    Buffer.from(ctx.boxPublicKey, 'base64'),
    ephemeral.secretKey,
  );
  return {
    ephem_pub: Buffer.from(ephemeral.publicKey).toString('base64'),
    nonce: Buffer.from(nonce).toString('base64'),
    ciphertext: Buffer.from(box).toString('base64'),
  };
}

/**
 * The sealed envelope of a body: sealBody (the web app's code) when the body is a value it serialises,
 * or the same construction around the text when the text is not one (spliced nesting or raw text).
 */
function envelopeOf(
  ctx: BuildContext,
  path: string,
  body: { value: unknown } | null,
  text: string,
): EncryptedEnvelope {
  if (body) return sealBody({ serverPublicKey: ctx.boxPublicKey, method: 'POST', path, body: body.value });
  return textEnvelope(ctx, path, text);
}

/** The sealed envelope of a body, as sent. */
function seal(ctx: BuildContext, path: string, body: { value: unknown } | null, text: string): string {
  return JSON.stringify(envelopeOf(ctx, path, body, text));
}

function preview(text: string): string {
  const shown = text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return JSON.stringify(shown);
}

export function encode(
  c: FuzzCase,
  ctx: BuildContext,
  path: string,
  headers: Record<string, string>,
  value: unknown,
  text: string | undefined,
): BuiltRequest[] {
  const t = c.transport;
  if (t.kind === 'empty' || text === undefined)
    return [{ method: 'POST', path, headers, preview: '(no body)' }];
  // Spliced text is not the value's serialisation: it is sealed as text.
  const sealable = c.deep || c.raw ? null : { value };
  if (t.kind === 'junk') {
    if (t.contentType) headers['content-type'] = t.contentType;
    const bytes = Uint8Array.from(t.bytes);
    return [
      {
        method: 'POST',
        path,
        headers,
        body: bytes,
        preview: `bytes ${Buffer.from(bytes).toString('hex').slice(0, 120)}`,
      },
    ];
  }
  if (t.kind === 'form' || t.kind === 'multipart') {
    const fields = formFields(c, value, text);
    if (t.kind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = fields.map(([key, item]) => `${percentEncode(key)}=${percentEncode(item)}`).join('&');
      return [{ method: 'POST', path, headers, body: form, preview: `form ${preview(form)}` }];
    }
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    const label = `multipart${t.file ? ' +file' : ''}${t.truncated ? ' (cut short)' : ''}`;
    return [
      {
        method: 'POST',
        path,
        headers,
        body: multipartBody(fields, t.file, t.truncated),
        preview: `${label} ${preview(JSON.stringify(fields))}`,
      },
    ];
  }
  const shown = preview(text);
  if (t.kind === 'plain') {
    headers['content-type'] = 'application/json';
    return [{ method: 'POST', path, headers, body: text, preview: shown }];
  }
  if (t.kind === 'wrong-type') {
    if (t.contentType) headers['content-type'] = t.contentType;
    if (t.sealed) headers['x-encrypted'] = '1';
    const sent = t.sealed ? seal(ctx, path, sealable, text) : text;
    return [{ method: 'POST', path, headers, body: sent, preview: `${t.sealed ? 'sealed ' : ''}${shown}` }];
  }
  headers['content-type'] = 'application/json';
  headers['x-encrypted'] = '1';
  if (t.kind === 'sealed')
    return [
      { method: 'POST', path, headers, body: seal(ctx, path, sealable, text), preview: `sealed ${shown}` },
    ];
  const tamper = t.tamper;
  const label = `sealed (${tamper}) ${shown}`;
  if (tamper === 'other-path') {
    return [
      {
        method: 'POST',
        path,
        headers,
        body: seal(
          ctx,
          path.startsWith('/db/delete-user-account') ? '/db/delete-user-data' : '/db/delete-user-account',
          sealable,
          text,
        ),
        preview: label,
      },
    ];
  }
  if (tamper === 'stale') {
    return [
      {
        method: 'POST',
        path,
        headers,
        body: JSON.stringify(textEnvelope(ctx, path, text, Date.now() - 10 * 60_000)),
        preview: label,
      },
    ];
  }
  const envelope = envelopeOf(ctx, path, sealable, text);
  if (tamper === 'replay') {
    const sent = JSON.stringify(envelope);
    return [
      { method: 'POST', path, headers, body: sent, preview: `sealed ${shown}` },
      { method: 'POST', path, headers, body: sent, preview: label },
    ];
  }
  const bytes = Buffer.from(envelope.ciphertext, 'base64');
  bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0x01;
  const flipped = JSON.stringify({ ...envelope, ciphertext: bytes.toString('base64') });
  return [{ method: 'POST', path, headers, body: flipped, preview: label }];
}
