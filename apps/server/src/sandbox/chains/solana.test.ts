import { listen } from '@penny/server/testing';
import { address, createSolanaRpc, isSolanaError, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPL_TOKEN_PROGRAM, TOKEN_2022_PROGRAM } from './assets.ts';
import { seededRandom } from './random.ts';
import { createSolanaSandbox } from './solana.ts';
import { generateWallet, NATIVE, randomAddress, type Wallet } from './wallet-data.ts';

const NOW = new Date('2026-11-23T16:00:00Z');
const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

let server: Awaited<ReturnType<typeof listen>>;
let rpc: ReturnType<typeof createSolanaRpc>;
let wallet: Wallet;
/** A wallet that holds PYUSD, a Token-2022 mint. */
let token2022Wallet: Wallet;
const raw = async (body: unknown) => {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  server = await listen(createSolanaSandbox({ now: () => NOW }));
  rpc = createSolanaRpc(server.url);
  wallet = generateWallet('sol', 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9', NOW);
  const random = seededRandom('solana-test');
  for (let index = 0; index < 200; index++) {
    const candidate = generateWallet('sol', randomAddress('sol', random), NOW);
    if (candidate.tokens.some((token) => token.address === PYUSD)) {
      token2022Wallet = candidate;
      break;
    }
  }
});
afterAll(() => server.close());

const expectedTokenBalance = (holder: Wallet, mint: string) =>
  holder.transfers
    .filter((t) => t.asset === mint)
    .reduce((sum, t) => sum + (t.direction === 'in' ? t.units : -t.units), 0n);

describe('Solana sandbox with @solana/kit', () => {
  it('answers health, version, slot and the latest blockhash', async () => {
    expect(await rpc.getHealth().send()).toBe('ok');
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    const slot = await rpc.getSlot().send();
    expect(typeof slot).toBe('bigint');
    const latest = await rpc.getLatestBlockhash().send();
    expect(latest.value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(latest.value.lastValidBlockHeight).toBeGreaterThan(0n);
  });

  it('reports the balance in lamports as a bigint, equal to the history’s sum', async () => {
    const expected = wallet.transfers.reduce(
      (sum, t) =>
        sum +
        (t.asset === NATIVE ? (t.direction === 'in' ? t.units : -t.units) : 0n) -
        (t.direction === 'out' ? t.txFee : 0n),
      0n,
    );
    const balance = await rpc.getBalance(address(wallet.address)).send();
    expect(balance.value).toBe(expected);
    expect(typeof balance.context.slot).toBe('bigint');
  });

  it('lists SPL Token and Token-2022 accounts, jsonParsed, per program and per mint', async () => {
    for (const holder of [wallet, token2022Wallet]) {
      const owner = address(holder.address);
      const [classic, extended] = await Promise.all(
        [SPL_TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
          rpc
            .getTokenAccountsByOwner(owner, { programId: address(programId) }, { encoding: 'jsonParsed' })
            .send(),
        ),
      );
      const accounts = [...(classic?.value ?? []), ...(extended?.value ?? [])];
      expect(accounts.map((item) => item.account.data.parsed.info.mint).sort()).toEqual(
        holder.tokens.map((t) => t.address).sort(),
      );
      for (const { account } of accounts) {
        const { info } = account.data.parsed;
        expect(info.owner).toBe(holder.address);
        expect(BigInt(info.tokenAmount.amount)).toBe(expectedTokenBalance(holder, info.mint));
        expect(account.owner).toBe(info.mint === PYUSD ? TOKEN_2022_PROGRAM : SPL_TOKEN_PROGRAM);
      }
      const [firstToken] = holder.tokens;
      if (!firstToken) throw new Error('no token');
      const byMint = await rpc
        .getTokenAccountsByOwner(owner, { mint: address(firstToken.address) }, { encoding: 'jsonParsed' })
        .send();
      expect(byMint.value.map((item) => item.account.data.parsed.info.mint)).toEqual([firstToken.address]);
    }
    expect(token2022Wallet).toBeDefined();
  });

  it('writes rentEpoch as the exact u64 JSON number the real API writes', async () => {
    const answer = await raw({
      jsonrpc: '2.0',
      id: '1',
      method: 'getTokenAccountsByOwner',
      params: [wallet.address, { programId: SPL_TOKEN_PROGRAM }, { encoding: 'jsonParsed' }],
    });
    expect(answer.text).toContain('"rentEpoch":18446744073709551615');
    expect(answer.text).toContain('"id":"1"');
  });

  it('pages signatures newest first with limit, before and until', async () => {
    const newestFirst = [...wallet.transfers].reverse();
    const owner = address(wallet.address);
    const all = await rpc.getSignaturesForAddress(owner).send();
    expect(all.map((item) => item.signature)).toEqual(newestFirst.map((t) => t.id));
    expect(all[0]?.blockTime).toBe(BigInt(newestFirst[0]?.time ?? 0));
    const firstPage = await rpc.getSignaturesForAddress(owner, { limit: 5 }).send();
    expect(firstPage.map((item) => item.signature)).toEqual(newestFirst.slice(0, 5).map((t) => t.id));
    const before = firstPage.at(-1)?.signature;
    const until = newestFirst[9]?.id as Signature | undefined;
    const secondPage = await rpc.getSignaturesForAddress(owner, { limit: 5, before, until }).send();
    expect(secondPage.map((item) => item.signature)).toEqual(newestFirst.slice(5, 9).map((t) => t.id));
  });

  it('returns transactions whose pre/post balances give the wallet’s exact change', async () => {
    for (const transfer of wallet.transfers) {
      const transaction = await rpc
        .getTransaction(transfer.id as Signature, {
          encoding: 'jsonParsed',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      if (!transaction?.meta) throw new Error(`no transaction ${transfer.id}`);
      expect(transaction.blockTime).toBe(BigInt(transfer.time));
      const keys = transaction.transaction.message.accountKeys;
      const index = keys.findIndex((key) => key.pubkey === wallet.address);
      const lamports =
        (transaction.meta.postBalances[index] ?? 0n) - (transaction.meta.preBalances[index] ?? 0n);
      const sign = transfer.direction === 'in' ? 1n : -1n;
      const fee = transfer.direction === 'out' ? transfer.txFee : 0n;
      if (transfer.asset === NATIVE) {
        expect(lamports).toBe(sign * transfer.units - fee);
      } else {
        expect(lamports).toBe(-fee);
        const mine = (list: typeof transaction.meta.preTokenBalances) =>
          BigInt(list?.find((entry) => entry.owner === wallet.address)?.uiTokenAmount.amount ?? '0');
        expect(mine(transaction.meta.postTokenBalances) - mine(transaction.meta.preTokenBalances)).toBe(
          sign * transfer.units,
        );
      }
      if (transfer.direction === 'out') expect(transaction.meta.fee).toBe(transfer.txFee);
    }
  });

  it('refuses a version-0 transaction to a client that did not ask for versions, and null for an unknown signature', async () => {
    let refused = 0;
    for (const transfer of wallet.transfers) {
      try {
        await rpc.getTransaction(transfer.id as Signature, { encoding: 'json' }).send();
      } catch (error) {
        expect(isSolanaError(error)).toBe(true);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(wallet.transfers.length);
    const unknown = '1'.repeat(64) as Signature;
    expect(
      await rpc.getTransaction(unknown, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send(),
    ).toBeNull();
  });
});

describe('Solana sandbox JSON-RPC envelope', () => {
  it.each([
    ['malformed JSON', 'nope', -32700],
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [] }, -32601],
    [
      'an invalid address',
      { jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['not-base58-0OIl'] },
      -32602,
    ],
    ['a wrong-size address', { jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['1111'] }, -32602],
    [
      'an unknown token program',
      { jsonrpc: '2.0', id: 1, method: 'getTokenAccountsByOwner', params: [PYUSD, { programId: PYUSD }] },
      -32602,
    ],
    [
      'a limit over 1000',
      { jsonrpc: '2.0', id: 1, method: 'getSignaturesForAddress', params: [PYUSD, { limit: 1001 }] },
      -32602,
    ],
    ['a bad signature', { jsonrpc: '2.0', id: 1, method: 'getTransaction', params: ['xyz'] }, -32602],
  ])('answers %s with a JSON-RPC error, HTTP 200', async (_label, body, code) => {
    const answer = await raw(body);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).error.code).toBe(code);
  });

  it('serves token accounts as base64 account data too', async () => {
    const answer = JSON.parse(
      (
        await raw({
          jsonrpc: '2.0',
          id: 2,
          method: 'getTokenAccountsByOwner',
          params: [wallet.address, { programId: SPL_TOKEN_PROGRAM }, { encoding: 'base64' }],
        })
      ).text,
    );
    const [data, encoding] = answer.result.value[0].account.data;
    expect(encoding).toBe('base64');
    const bytes = Buffer.from(data, 'base64');
    expect(bytes.length).toBe(165);
    const [token] = wallet.tokens;
    expect(bytes.readBigUInt64LE(64)).toBe(expectedTokenBalance(wallet, token?.address ?? ''));
  });
});
