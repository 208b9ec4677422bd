import { listen } from '@penny/server/testing';
import { createPublicClient, erc20Abi, getAddress, http, padHex, parseAbiItem } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEvmSandbox } from './evm.ts';
import { generateWallet, NATIVE, type Wallet } from './wallet-data.ts';

const NOW = new Date('2026-11-23T16:00:00Z');
const OWNER = getAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

let server: Awaited<ReturnType<typeof listen>>;
let wallet: Wallet;
const client = () => createPublicClient({ transport: http(server.url, { retryCount: 0 }) });
const rpc = async (body: unknown) => {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.text()) || null };
};

beforeAll(async () => {
  server = await listen(createEvmSandbox({ now: () => NOW }));
  wallet = generateWallet('eth', OWNER, NOW);
});
afterAll(() => server.close());

describe('EVM sandbox with viem', () => {
  it('answers chain id, block number and the native balance (the sum of the wallet’s history)', async () => {
    expect(await client().getChainId()).toBe(1);
    const blockNumber = await client().getBlockNumber();
    const expected = wallet.transfers.reduce(
      (sum, t) =>
        sum +
        (t.asset === NATIVE ? (t.direction === 'in' ? t.units : -t.units) : 0n) -
        (t.direction === 'out' ? t.txFee : 0n),
      0n,
    );
    expect(await client().getBalance({ address: OWNER })).toBe(expected);
    const first = wallet.transfers[0];
    if (!first?.block) throw new Error('empty wallet');
    // Before the first transfer the address held nothing.
    expect(await client().getBalance({ address: OWNER, blockNumber: BigInt(first.block - 1) })).toBe(0n);
    expect(blockNumber).toBeGreaterThan(BigInt(wallet.transfers.at(-1)?.block ?? 0));
  });

  it('reads ERC-20 balanceOf, decimals, symbol and name of the known tokens', async () => {
    expect(wallet.tokens.length).toBeGreaterThan(0);
    for (const token of wallet.tokens) {
      const address = getAddress(token.address);
      const expected = wallet.transfers
        .filter((t) => t.asset === token.address)
        .reduce((sum, t) => sum + (t.direction === 'in' ? t.units : -t.units), 0n);
      const read = (functionName: 'balanceOf' | 'decimals' | 'symbol' | 'name') =>
        functionName === 'balanceOf'
          ? client().readContract({ address, abi: erc20Abi, functionName, args: [OWNER] })
          : client().readContract({ address, abi: erc20Abi, functionName });
      expect(await read('balanceOf')).toBe(expected);
      expect(await read('decimals')).toBe(token.decimals);
      expect(await read('symbol')).toBe(token.symbol);
      expect(await read('name')).toBe(token.name);
    }
    const usdc = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    expect(await client().readContract({ address: usdc, abi: erc20Abi, functionName: 'decimals' })).toBe(6);
  });

  it('serves Transfer logs from and to the address, with block timestamps equal to the transfer times', async () => {
    const tokenTransfers = wallet.transfers.filter((t) => t.asset !== NATIVE);
    const [sent, received] = await Promise.all([
      client().getLogs({
        event: transferEvent,
        args: { from: OWNER },
        fromBlock: 'earliest',
        toBlock: 'latest',
      }),
      client().getLogs({
        event: transferEvent,
        args: { to: OWNER },
        fromBlock: 'earliest',
        toBlock: 'latest',
      }),
    ]);
    expect(sent.map((log) => log.transactionHash)).toEqual(
      tokenTransfers.filter((t) => t.direction === 'out').map((t) => t.id),
    );
    expect(received.map((log) => log.transactionHash)).toEqual(
      tokenTransfers.filter((t) => t.direction === 'in').map((t) => t.id),
    );
    for (const log of [...sent, ...received]) {
      const transfer = tokenTransfers.find((t) => t.id === log.transactionHash);
      expect(log.args.value).toBe(transfer?.units);
      expect(log.address).toBe(transfer?.asset.toLowerCase());
      const block = await client().getBlock({ blockNumber: log.blockNumber });
      expect(Number(block.timestamp)).toBe(transfer?.time);
    }
    // A block range and a contract filter narrow the result.
    const firstIn = tokenTransfers.find((t) => t.direction === 'in');
    if (!firstIn?.block) throw new Error('no incoming token transfer');
    const narrowed = await client().getLogs({
      address: getAddress(firstIn.asset),
      event: transferEvent,
      args: { to: OWNER },
      fromBlock: BigInt(firstIn.block),
      toBlock: BigInt(firstIn.block),
    });
    expect(narrowed.map((log) => log.transactionHash)).toEqual([firstIn.id]);
  });
});

describe('EVM sandbox JSON-RPC envelope', () => {
  it('echoes ids with their own type, in batches too', async () => {
    const single = await rpc({ jsonrpc: '2.0', id: 'abc', method: 'eth_chainId' });
    expect(JSON.parse(single.body ?? '')).toEqual({ jsonrpc: '2.0', id: 'abc', result: '0x1' });
    const batch = await rpc([
      { jsonrpc: '2.0', id: 7, method: 'net_version' },
      { jsonrpc: '2.0', id: '8', method: 'eth_blockNumber' },
      { jsonrpc: '2.0', id: 9, method: 'eth_nope', params: [] },
    ]);
    const answers = JSON.parse(batch.body ?? '');
    expect(answers.map((answer: { id: unknown }) => answer.id)).toEqual([7, '8', 9]);
    expect(answers[0].result).toBe('1');
    expect(answers[1].result).toMatch(/^0x[0-9a-f]+$/);
    expect(answers[2].error.code).toBe(-32601);
  });

  it('answers a notification with nothing', async () => {
    expect(await rpc({ jsonrpc: '2.0', method: 'eth_chainId' })).toEqual({ status: 200, body: null });
  });

  it.each([
    ['malformed JSON', '{"jsonrpc":"2.0",', -32700],
    ['an empty batch', [], -32600],
    ['no method', { jsonrpc: '2.0', id: 1 }, -32600],
    ['the wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'eth_chainId' }, -32600],
    ['an unknown method', { jsonrpc: '2.0', id: 1, method: 'eth_mine' }, -32601],
    [
      'a short address',
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0x1234', 'latest'] },
      -32602,
    ],
    [
      'a bad block tag',
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [OWNER, 'yesterday'] },
      -32602,
    ],
    ['no params for eth_call', { jsonrpc: '2.0', id: 1, method: 'eth_call' }, -32602],
    [
      'odd calldata',
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: OWNER, data: '0x123' }, 'latest'] },
      -32602,
    ],
    ['params as a string', { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: 'x' }, -32600],
    [
      'a log query without an address topic',
      { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: 'earliest' }] },
      -32005,
    ],
  ])('answers %s with a JSON-RPC error, HTTP 200', async (_label, body, code) => {
    const answer = await rpc(body);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body ?? '').error.code).toBe(code);
  });

  it('returns no data for a call to an address without code, and reverts an unknown token function', async () => {
    const call = (to: string, data: string) =>
      rpc({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to, data }, 'latest'] });
    expect(JSON.parse((await call(OWNER, '0x313ce567')).body ?? '').result).toBe('0x');
    const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
    expect(JSON.parse((await call(usdt, '0xdeadbeef')).body ?? '').error.message).toBe('execution reverted');
    const balance = JSON.parse(
      (await call(usdt, `0x70a08231${padHex(OWNER, { size: 32 }).slice(2)}`)).body ?? '',
    );
    expect(balance.result).toMatch(/^0x[0-9a-f]{64}$/);
  });
});

describe('EVM sandbox Etherscan txlist', () => {
  // Every value in a row is a string, as on Etherscan: the schema itself checks it.
  const answerSchema = z.object({
    status: z.string(),
    message: z.string(),
    result: z.union([z.array(z.record(z.string(), z.string())), z.string()]),
  });
  const txlist = async (query: Record<string, string>) => {
    const response = await fetch(`${server.url}/api?${new URLSearchParams(query)}`);
    expect(response.status).toBe(200);
    return answerSchema.parse(await response.json());
  };
  const rows = async (query: Record<string, string>) => {
    const { result } = await txlist(query);
    if (typeof result === 'string') throw new Error(result);
    return result;
  };
  const base = { chainid: '1', module: 'account', action: 'txlist', address: OWNER };

  it('lists the address’s transactions newest first, every value a string', async () => {
    const answer = await txlist({ ...base, sort: 'desc', apikey: 'anything' });
    expect([answer.status, answer.message]).toEqual(['1', 'OK']);
    const result = await rows({ ...base, sort: 'desc' });
    // Native transfers both ways, and the token transfers the address sent (calls to the token contract).
    const expected = wallet.transfers.filter((t) => t.asset === NATIVE || t.direction === 'out').reverse();
    expect(result.map((row) => row.hash)).toEqual(expected.map((t) => t.id));
    const firstNative = expected.find((t) => t.asset === NATIVE);
    const row = result.find((item) => item.hash === firstNative?.id);
    expect(row?.value).toBe(firstNative?.units.toString());
    expect(row?.timeStamp).toBe(String(firstNative?.time));
    expect(BigInt(row?.gasUsed ?? '0') * BigInt(row?.gasPrice ?? '0')).toBe(firstNative?.txFee);
    expect([row?.from, row?.to]).toContain(OWNER.toLowerCase());
  });

  it('pages with page and offset', async () => {
    const all = await rows({ ...base, sort: 'asc' });
    expect(await rows({ ...base, sort: 'asc', page: '2', offset: '5' })).toEqual(all.slice(5, 10));
  });

  it('answers bad queries the way Etherscan does', async () => {
    expect(await txlist({ ...base, address: '0x123' })).toEqual({
      status: '0',
      message: 'NOTOK',
      result: 'Error! Invalid address format',
    });
    expect((await txlist({ module: 'account', action: 'txlist', address: OWNER })).message).toBe('NOTOK');
    expect((await txlist({ ...base, action: 'nonsense' })).result).toBe(
      'Error! Missing Or invalid Action name',
    );
    expect(await txlist({ ...base, startblock: '99999999' })).toEqual({
      status: '0',
      message: 'No transactions found',
      result: [],
    });
  });
});
