import { Hono } from 'hono';
import { getAddress } from 'viem';
import { z } from 'zod';
import { findToken, type SandboxToken } from './assets.ts';
import { blockAt, timeOfBlock, unixSeconds } from './chain-clock.ts';
import { jsonRpcHandler, parseParams, RpcError } from './json-rpc.ts';
import { seededRandom, toHex } from './random.ts';
import { createWalletSource, NATIVE, type Wallet, type WalletTransfer } from './wallet-data.ts';

/**
 * A fake Ethereum mainnet node (JSON-RPC 2.0 over POST /, as geth answers it) plus an Etherscan-compatible
 * `GET /api?module=account&action=txlist` for native history, which standard JSON-RPC cannot list.
 * Wallet data comes from wallet-data.ts; every valid address has a wallet.
 */

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const SELECTORS = {
  balanceOf: '0x70a08231',
  decimals: '0x313ce567',
  symbol: '0x95d89b41',
  name: '0x06fdde03',
  totalSupply: '0x18160ddd',
  transfer: '0xa9059cbb',
} as const;

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'hex string must be an address of 40 hex digits');
const hexQuantity = z
  .string()
  .regex(/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/, 'hex string without leading zero digits');
const blockTag = z.union([z.enum(['latest', 'earliest', 'pending', 'safe', 'finalized']), hexQuantity]);
const topicFilter = z.union([z.null(), z.string(), z.array(z.string().nullable())]);
const logFilter = z.object({
  fromBlock: blockTag.optional(),
  toBlock: blockTag.optional(),
  address: z.union([hexAddress, z.array(hexAddress)]).optional(),
  topics: z.array(topicFilter).max(4).optional(),
  blockHash: z.string().optional(),
});

type Log = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  removed: false;
};

export function createEvmSandbox(deps: { now?: () => Date } = {}): Hono {
  const now = deps.now ?? (() => new Date());
  const walletOf = createWalletSource(now);
  const wallet = (address: string) => walletOf('eth', getAddress(address.toLowerCase()));
  const latest = () => blockAt('eth', unixSeconds(now()));
  const resolveBlock = (tag: z.infer<typeof blockTag> | undefined) => {
    if (tag === undefined || tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized')
      return latest();
    if (tag === 'earliest') return 0;
    return Number.parseInt(tag, 16);
  };
  const invalid = (issue: string) => `invalid argument ${issue}`;

  const app = new Hono();
  app.post(
    '/',
    jsonRpcHandler(
      {
        eth_chainId: () => '0x1',
        net_version: () => '1',
        web3_clientVersion: () => 'Geth/v1.14.12-stable-penny-sandbox/linux-amd64/go1.23.4',
        eth_blockNumber: () => quantity(latest()),
        eth_gasPrice: () => quantity(12_000_000_000n),
        eth_getBalance: (params) => {
          const [address, tag] = parseParams(z.tuple([hexAddress, blockTag.optional()]), params, invalid);
          return quantity(balanceAt(wallet(address), NATIVE, resolveBlock(tag)));
        },
        eth_getTransactionCount: (params) => {
          const [address, tag] = parseParams(z.tuple([hexAddress, blockTag.optional()]), params, invalid);
          const upTo = resolveBlock(tag);
          return quantity(
            wallet(address).transfers.filter((t) => t.direction === 'out' && (t.block ?? 0) <= upTo).length,
          );
        },
        eth_getCode: (params) => {
          const [address] = parseParams(z.tuple([hexAddress, blockTag.optional()]), params, invalid);
          // Token contracts have code; every other address is an account.
          return findToken('eth', address) ? `0x6080604052${'00'.repeat(64)}` : '0x';
        },
        eth_call: (params) => {
          const call = z.object({
            to: hexAddress,
            data: z.string().optional(),
            input: z.string().optional(),
          });
          const [request, tag] = parseParams(z.tuple([call, blockTag.optional()]), params, invalid);
          const data = (request.data ?? request.input ?? '0x').toLowerCase();
          if (!/^0x([0-9a-f]{2})*$/.test(data))
            throw new RpcError(-32602, 'invalid argument 0: invalid hex data');
          const token = findToken('eth', request.to);
          // Calling an account with no code returns no data, as on mainnet.
          if (!token) return '0x';
          return callToken(token, data, (owner) =>
            balanceAt(wallet(owner), token.address, resolveBlock(tag)),
          );
        },
        eth_getBlockByNumber: (params) => {
          const [tag] = parseParams(z.tuple([blockTag, z.boolean().optional()]), params, invalid);
          const number = resolveBlock(tag);
          if (number > latest()) return null;
          return blockObject(number);
        },
        eth_getLogs: (params) => {
          const [filter] = parseParams(z.tuple([logFilter]), params, invalid);
          return transferLogs(filter, resolveBlock, wallet);
        },
      },
      {
        parseError: 'parse error',
        invalidRequest: 'invalid request',
        methodNotFound: (method) => `the method ${method} does not exist/is not available`,
        internalError: 'internal error',
      },
    ),
  );

  app.get('/api', (c) => c.json(etherscan(new URL(c.req.url).searchParams, wallet, latest())));
  return app;
}

/** A wallet's balance of `asset` after everything mined up to `block`. */
function balanceAt(wallet: Wallet, asset: string, block: number): bigint {
  let balance = 0n;
  for (const transfer of wallet.transfers) {
    if (transfer.block === null || transfer.block > block) break;
    if (asset === NATIVE) balance = transfer.nativeAfter;
    else if (transfer.asset === asset) balance = transfer.tokenAfter ?? 0n;
  }
  return balance;
}

function callToken(token: SandboxToken, data: string, balanceOf: (owner: string) => bigint): string {
  const selector = data.slice(0, 10);
  switch (selector) {
    case SELECTORS.balanceOf: {
      const argument = data.slice(10);
      if (argument.length !== 64) throw new RpcError(-32000, 'execution reverted');
      return word(balanceOf(`0x${argument.slice(24)}`));
    }
    case SELECTORS.decimals:
      return word(BigInt(token.decimals));
    case SELECTORS.symbol:
      return abiString(token.symbol);
    case SELECTORS.name:
      return abiString(token.name);
    case SELECTORS.totalSupply:
      return word(10n ** BigInt(token.decimals + 10));
    default:
      throw new RpcError(-32000, 'execution reverted');
  }
}

function transferLogs(
  filter: z.infer<typeof logFilter>,
  resolveBlock: (tag: z.infer<typeof blockTag> | undefined) => number,
  wallet: (address: string) => Wallet,
): Log[] {
  const [topic0 = null, fromTopic = null, toTopic = null, extra = null] = filter.topics ?? [];
  const matches = (topic: z.infer<typeof topicFilter>, value: string) =>
    topic === null ||
    (Array.isArray(topic)
      ? topic.some((t) => t === null || t.toLowerCase() === value)
      : topic.toLowerCase() === value);
  if (!matches(topic0, TRANSFER_TOPIC) || extra !== null) return [];
  // The fake knows wallets, not the whole chain: it needs a sender or recipient to look up.
  const owners = [fromTopic, toTopic].flatMap((topic) =>
    topic === null ? [] : Array.isArray(topic) ? topic : [topic],
  );
  if (owners.length === 0 || owners.includes(null))
    throw new RpcError(-32005, 'query returned more than 10000 results. Try with a narrower filter.');
  const from = filter.blockHash ? -1 : resolveBlock(filter.fromBlock);
  const to = filter.blockHash ? -1 : resolveBlock(filter.toBlock);
  const contracts = filter.address === undefined ? null : [filter.address].flat().map((a) => a.toLowerCase());

  const logs = new Map<string, Log>();
  for (const owner of owners) {
    if (owner === null || !/^0x0{24}[0-9a-fA-F]{40}$/.test(owner)) continue;
    const holder = wallet(`0x${owner.slice(26)}`);
    for (const transfer of holder.transfers) {
      if (transfer.asset === NATIVE || transfer.block === null) continue;
      const log = transferLog(holder.address, transfer, transfer.block);
      const inRange = filter.blockHash
        ? log.blockHash === filter.blockHash.toLowerCase()
        : transfer.block >= from && transfer.block <= to;
      if (!inRange || (contracts && !contracts.includes(log.address))) continue;
      if (!matches(fromTopic, log.topics[1] ?? '') || !matches(toTopic, log.topics[2] ?? '')) continue;
      logs.set(`${log.transactionHash}:${log.logIndex}`, log);
    }
  }
  return [...logs.values()].sort(
    (a, b) =>
      Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) ||
      Number(BigInt(a.logIndex) - BigInt(b.logIndex)),
  );
}

function transferLog(owner: string, transfer: WalletTransfer, block: number): Log {
  const [from, to] =
    transfer.direction === 'out' ? [owner, transfer.counterparty] : [transfer.counterparty, owner];
  return {
    address: transfer.asset.toLowerCase(),
    topics: [TRANSFER_TOPIC, topicOf(from), topicOf(to)],
    data: word(transfer.units),
    blockNumber: quantity(block),
    blockHash: blockHash(block),
    transactionHash: transfer.id,
    transactionIndex: quantity(transfer.position),
    logIndex: quantity(transfer.logIndex),
    removed: false,
  };
}

function blockObject(number: number) {
  const random = seededRandom(`eth:block:${number}`);
  const gasLimit = 30_000_000;
  return {
    baseFeePerGas: quantity(BigInt(random.int(1, 40)) * 1_000_000_000n),
    blobGasUsed: '0x0',
    difficulty: '0x0',
    excessBlobGas: '0x0',
    extraData: '0x',
    gasLimit: quantity(gasLimit),
    gasUsed: quantity(random.int(gasLimit / 4, gasLimit)),
    hash: blockHash(number),
    logsBloom: `0x${'00'.repeat(256)}`,
    miner: `0x${toHex(random.bytes(20))}`,
    mixHash: `0x${toHex(random.bytes(32))}`,
    nonce: '0x0000000000000000',
    number: quantity(number),
    parentBeaconBlockRoot: `0x${toHex(random.bytes(32))}`,
    parentHash: number > 0 ? blockHash(number - 1) : `0x${'00'.repeat(32)}`,
    receiptsRoot: `0x${toHex(random.bytes(32))}`,
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    size: quantity(random.int(20_000, 200_000)),
    stateRoot: `0x${toHex(random.bytes(32))}`,
    timestamp: quantity(timeOfBlock('eth', number)),
    totalDifficulty: '0xc70d815d562d3cfa955',
    // The fake keeps no block bodies (whether or not full transactions are asked for).
    transactions: [],
    transactionsRoot: `0x${toHex(random.bytes(32))}`,
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: `0x${toHex(random.bytes(32))}`,
  };
}

const etherscanQuery = z.object({
  chainid: z.literal('1', { error: 'Missing or unsupported chainid parameter (required for v2 api)' }),
  module: z.literal('account', { error: 'Error! Missing Or invalid Module name' }),
  action: z.enum(['txlist', 'balance'], { error: 'Error! Missing Or invalid Action name' }),
  address: hexAddress,
  startblock: z.coerce.number().int().min(0).default(0),
  endblock: z.coerce.number().int().min(0).default(Number.MAX_SAFE_INTEGER),
  page: z.coerce.number().int().min(1).default(1),
  offset: z.coerce.number().int().min(0).default(10_000),
  sort: z.enum(['asc', 'desc']).default('asc'),
});

type EtherscanAnswer = { status: '0' | '1'; message: string; result: unknown };

/** Etherscan's account module (the V2 API shape, chainid 1): every value a string, errors as status "0". */
function etherscan(
  search: URLSearchParams,
  wallet: (address: string) => Wallet,
  tip: number,
): EtherscanAnswer {
  const raw = Object.fromEntries(search);
  const parsed = etherscanQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message =
      issue?.path[0] === 'address' ? 'Error! Invalid address format' : (issue?.message ?? 'Error!');
    return { status: '0', message: 'NOTOK', result: message };
  }
  const query = parsed.data;
  const holder = wallet(query.address);
  if (query.action === 'balance')
    return { status: '1', message: 'OK', result: balanceAt(holder, NATIVE, tip).toString() };
  if (query.page * query.offset > 10_000 && query.offset > 0)
    return {
      status: '0',
      message: 'NOTOK',
      result: 'Result window is too large, PageNo x Offset size must be less than or equal to 10000',
    };

  let nonce = 0;
  const rows = holder.transfers.flatMap((transfer) => {
    if (transfer.block === null || transfer.gas === null) return [];
    const own = transfer.direction === 'out';
    // A received token transfer is a transaction of the sender's with the token contract: not on this list.
    if (transfer.asset !== NATIVE && !own) return [];
    const position = {
      block: transfer.block,
      gas: transfer.gas,
      nonce: own ? nonce++ : seededRandom(transfer.id).int(0, 5000),
    };
    return [txlistRow(holder.address, transfer, position, tip)];
  });
  const inRange = rows.filter(
    (row) => Number(row.blockNumber) >= query.startblock && Number(row.blockNumber) <= query.endblock,
  );
  const ordered = query.sort === 'desc' ? inRange.reverse() : inRange;
  const size = query.offset === 0 ? 10_000 : query.offset;
  const page = ordered.slice((query.page - 1) * size, query.page * size);
  return page.length
    ? { status: '1', message: 'OK', result: page }
    : { status: '0', message: 'No transactions found', result: [] };
}

function txlistRow(
  owner: string,
  transfer: WalletTransfer,
  { block, gas, nonce }: { block: number; gas: { used: number; price: bigint }; nonce: number },
  tip: number,
) {
  const isToken = transfer.asset !== NATIVE;
  const [from, to] =
    transfer.direction === 'out' ? [owner, transfer.counterparty] : [transfer.counterparty, owner];
  const input = isToken
    ? `${SELECTORS.transfer}${word(BigInt(transfer.counterparty)).slice(2)}${word(transfer.units).slice(2)}`
    : '0x';
  return {
    blockNumber: String(block),
    blockHash: blockHash(block),
    timeStamp: String(transfer.time),
    hash: transfer.id,
    nonce: String(nonce),
    transactionIndex: String(transfer.position),
    from: from.toLowerCase(),
    to: (isToken ? transfer.asset : to).toLowerCase(),
    value: isToken ? '0' : transfer.units.toString(),
    gas: String(Math.ceil((gas.used * 1.25) / 1000) * 1000),
    gasPrice: gas.price.toString(),
    input,
    methodId: isToken ? SELECTORS.transfer : '0x',
    functionName: isToken ? 'transfer(address _to, uint256 _value)' : '',
    contractAddress: '',
    cumulativeGasUsed: String(gas.used + transfer.position * 52_000),
    txreceipt_status: '1',
    gasUsed: String(gas.used),
    confirmations: String(tip - block + 1),
    isError: '0',
  };
}

function blockHash(number: number): string {
  return `0x${toHex(seededRandom(`eth:block-hash:${number}`).bytes(32))}`;
}

function quantity(value: number | bigint): string {
  return `0x${value.toString(16)}`;
}

/** A 32-byte ABI word. */
function word(value: bigint): string {
  return `0x${value.toString(16).padStart(64, '0')}`;
}

function topicOf(address: string): string {
  return `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
}

function abiString(text: string): string {
  const bytes = toHex(new TextEncoder().encode(text));
  const length = (bytes.length / 2).toString(16).padStart(64, '0');
  return `0x${'20'.padStart(64, '0')}${length}${bytes.padEnd(Math.ceil(bytes.length / 64) * 64 || 64, '0')}`;
}
