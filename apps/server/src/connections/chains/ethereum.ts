import { createPublicClient, erc20Abi, getAddress, http, parseAbiItem } from 'viem';
import { z } from 'zod';
import { decimalFromUnits } from '../money.ts';
import { providerError, toProviderError } from './errors.ts';
import { httpGet, readJson } from './http.ts';
import { ERC20_TOKENS, NATIVE_COINS } from './known-assets.ts';
import type { ChainReader, Holding, Movement } from './reader.ts';

const RPC = 'The Ethereum RPC';
const ETHERSCAN = 'Etherscan';
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Etherscan's result window: page × offset may not exceed 10,000. */
const ETHERSCAN_WINDOW = 10_000;

const etherscanRow = z.object({
  hash: z.string(),
  timeStamp: z.string().regex(/^\d+$/),
  from: z.string(),
  to: z.string(),
  value: z.string().regex(/^\d+$/),
  gasUsed: z.string().regex(/^\d+$/),
  gasPrice: z.string().regex(/^\d+$/),
  isError: z.string(),
});
const etherscanAnswer = z.object({
  status: z.string(),
  message: z.string(),
  result: z.union([z.array(z.unknown()), z.string()]),
});

/**
 * Ethereum through viem (balances, ERC-20 balanceOf, Transfer logs, block timestamps; calls batched into
 * JSON-RPC arrays) plus an Etherscan-compatible txlist for native ETH history, which standard JSON-RPC
 * cannot list (live: https://api.etherscan.io/v2/api with chainid=1 and an API key).
 */
export function createEthereumReader(options: {
  rpcUrl: string;
  etherscanUrl: string;
  etherscanApiKey?: string;
  timeoutMs: number;
}): ChainReader {
  const client = createPublicClient({
    // No retries here: the sync job retries later, and a retry storm helps no rate-limited node.
    transport: http(options.rpcUrl, { timeout: options.timeoutMs, retryCount: 0, batch: { batchSize: 100 } }),
  });
  const rpc = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw toProviderError(error, RPC);
    }
  };

  /** Native transfers from Etherscan's txlist, newest first, until `limit` of them or the end. */
  const nativeMovements = async (address: `0x${string}`, limit: number): Promise<Movement[]> => {
    const own = address.toLowerCase();
    const movements: Movement[] = [];
    const offset = Math.min(Math.max(limit, 25), ETHERSCAN_WINDOW);
    for (let page = 1; page * offset <= ETHERSCAN_WINDOW && movements.length < limit; page++) {
      const query = new URLSearchParams({
        chainid: '1',
        module: 'account',
        action: 'txlist',
        address,
        startblock: '0',
        endblock: '999999999',
        page: String(page),
        offset: String(offset),
        sort: 'desc',
      });
      if (options.etherscanApiKey) query.set('apikey', options.etherscanApiKey);
      const response = await httpGet(`${options.etherscanUrl}?${query}`, {
        service: ETHERSCAN,
        timeoutMs: options.timeoutMs,
      });
      const rows = etherscanRows(await readJson(response, ETHERSCAN));
      for (const row of rows) {
        // Failed transactions move no value; value-0 ones are contract calls (token moves come from logs).
        if (row.isError !== '0' || row.value === '0') continue;
        const value = BigInt(row.value);
        const fee = BigInt(row.gasUsed) * BigInt(row.gasPrice);
        const change =
          (row.to.toLowerCase() === own ? value : 0n) - (row.from.toLowerCase() === own ? value + fee : 0n);
        if (change === 0n) continue;
        movements.push({
          id: row.hash,
          time: Number(row.timeStamp),
          asset: NATIVE_COINS.eth,
          amount: decimalFromUnits(change, NATIVE_COINS.eth.decimals),
          pending: false,
        });
      }
      if (rows.length < offset) break;
    }
    return movements;
  };

  /** ERC-20 Transfer logs of the known tokens from and to the address, with their blocks' timestamps. */
  const tokenMovements = async (address: `0x${string}`, limit: number): Promise<Movement[]> => {
    const contracts = ERC20_TOKENS.map((token) => token.contract);
    const filter = {
      address: contracts,
      event: transferEvent,
      fromBlock: 'earliest',
      toBlock: 'latest',
    } as const;
    const [sent, received] = await rpc(() =>
      Promise.all([
        client.getLogs({ ...filter, args: { from: address } }),
        client.getLogs({ ...filter, args: { to: address } }),
      ]),
    );
    const changes = new Map<string, { block: bigint; logIndex: number; contract: string; change: bigint }>();
    for (const [logs, sign] of [
      [sent, -1n],
      [received, 1n],
    ] as const) {
      for (const log of logs) {
        if (log.transactionHash === null || log.blockNumber === null || log.logIndex === null) continue;
        const id = `${log.transactionHash}:${log.logIndex}`;
        const previous = changes.get(id)?.change ?? 0n;
        changes.set(id, {
          block: log.blockNumber,
          logIndex: log.logIndex,
          contract: log.address.toLowerCase(),
          change: previous + sign * (log.args.value ?? 0n),
        });
      }
    }
    const newest = [...changes]
      .filter(([, item]) => item.change !== 0n)
      .sort(([, a], [, b]) => Number(b.block - a.block) || b.logIndex - a.logIndex)
      .slice(0, limit);
    const blocks = [...new Set(newest.map(([, item]) => item.block))];
    const times = new Map(
      await rpc(() =>
        Promise.all(
          blocks.map(
            async (blockNumber) => [blockNumber, (await client.getBlock({ blockNumber })).timestamp] as const,
          ),
        ),
      ),
    );
    return newest.flatMap(([id, item]) => {
      const token = ERC20_TOKENS.find((candidate) => candidate.contract.toLowerCase() === item.contract);
      const time = times.get(item.block);
      if (!token || time === undefined) return [];
      return [
        {
          id,
          time: Number(time),
          asset: token,
          amount: decimalFromUnits(item.change, token.decimals),
          pending: false,
        },
      ];
    });
  };

  return {
    async holdings(address) {
      const owner = getAddress(address);
      const [wei, ...tokenUnits] = await rpc(() =>
        Promise.all([
          client.getBalance({ address: owner }),
          ...ERC20_TOKENS.map((token) =>
            client.readContract({
              address: token.contract,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [owner],
            }),
          ),
        ]),
      );
      const holdings: Holding[] = [
        { asset: NATIVE_COINS.eth, amount: decimalFromUnits(wei ?? 0n, NATIVE_COINS.eth.decimals) },
      ];
      ERC20_TOKENS.forEach((token, index) => {
        const units = tokenUnits[index] ?? 0n;
        if (units > 0n) holdings.push({ asset: token, amount: decimalFromUnits(units, token.decimals) });
      });
      return holdings;
    },
    async movements(address, limit) {
      const owner = getAddress(address);
      const [native, tokens] = await Promise.all([
        nativeMovements(owner, limit),
        tokenMovements(owner, limit),
      ]);
      return [...native, ...tokens].sort((a, b) => b.time - a.time).slice(0, limit);
    },
  };
}

function etherscanRows(body: unknown): z.infer<typeof etherscanRow>[] {
  const parsed = etherscanAnswer.safeParse(body);
  if (!parsed.success) throw providerError('unavailable', ETHERSCAN, null);
  const { status, message, result } = parsed.data;
  if (status !== '1') {
    if (/no transactions found/i.test(message) && Array.isArray(result)) return [];
    const text = typeof result === 'string' ? result : message;
    if (/rate limit/i.test(text)) throw providerError('rate-limited', ETHERSCAN, 'NOTOK');
    if (/api key/i.test(text)) throw providerError('invalid-credentials', ETHERSCAN, 'NOTOK');
    throw providerError('invalid-request', ETHERSCAN, 'NOTOK');
  }
  const rows = z.array(etherscanRow).safeParse(result);
  if (!rows.success) throw providerError('unavailable', ETHERSCAN, null);
  return rows.data;
}
