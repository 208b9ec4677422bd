import { createSolanaRpc, type Signature, address as toAddress } from '@solana/kit';
import { decimalFromUnits } from '../money.ts';
import { toProviderError } from './errors.ts';
import { NATIVE_COINS, SPL_TOKENS } from './known-assets.ts';
import type { ChainReader, Holding, Movement } from './reader.ts';

const RPC = 'The Solana RPC';
const TOKEN_PROGRAMS = [
  toAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
  toAddress('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
] as const;
/** getTransaction calls in flight at once (public RPCs throttle bursts). */
const CONCURRENCY = 6;

/**
 * Solana through @solana/kit: the SOL balance, SPL Token and Token-2022 accounts (jsonParsed), and the
 * history as signatures followed by jsonParsed transactions, whose pre/post balances give the address's
 * exact change per asset.
 *
 * Limits, by design: transfers are those listed under the wallet's own signatures (a token transfer
 * that names only the wallet's token account, not the wallet, is not listed by Solana under the wallet);
 * the SOL fee of a token transfer is reflected in the balance but not reported as a transfer of its own.
 */
export function createSolanaReader(options: { rpcUrl: string; timeoutMs: number }): ChainReader {
  const rpc = createSolanaRpc(options.rpcUrl);
  const call = async <T>(request: { send(config: { abortSignal: AbortSignal }): Promise<T> }): Promise<T> => {
    try {
      return await request.send({ abortSignal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw toProviderError(error, RPC);
    }
  };

  return {
    async holdings(owner) {
      const wallet = toAddress(owner);
      const [lamports, ...accountLists] = await Promise.all([
        call(rpc.getBalance(wallet)),
        ...TOKEN_PROGRAMS.map((programId) =>
          call(rpc.getTokenAccountsByOwner(wallet, { programId }, { encoding: 'jsonParsed' })),
        ),
      ]);
      const units = new Map<string, bigint>();
      for (const list of accountLists) {
        for (const { account } of list.value) {
          const { mint, tokenAmount } = account.data.parsed.info;
          units.set(mint, (units.get(mint) ?? 0n) + BigInt(tokenAmount.amount));
        }
      }
      const holdings: Holding[] = [
        { asset: NATIVE_COINS.sol, amount: decimalFromUnits(lamports.value, NATIVE_COINS.sol.decimals) },
      ];
      for (const token of SPL_TOKENS) {
        const amount = units.get(token.contract) ?? 0n;
        if (amount > 0n) holdings.push({ asset: token, amount: decimalFromUnits(amount, token.decimals) });
      }
      return holdings;
    },

    async movements(owner, limit) {
      const wallet = toAddress(owner);
      const signatures = await call(
        rpc.getSignaturesForAddress(wallet, { limit: Math.min(Math.max(limit, 1), 1000) }),
      );
      const succeeded = signatures.filter((item) => item.err === null).map((item) => item.signature);
      const movements: Movement[] = [];
      for (let start = 0; start < succeeded.length && movements.length < limit; start += CONCURRENCY) {
        const batch = succeeded.slice(start, start + CONCURRENCY);
        const transactions = await Promise.all(batch.map((signature) => readTransaction(signature)));
        for (const [index, transaction] of transactions.entries()) {
          const signature = batch[index];
          if (transaction && signature) movements.push(...movementsOf(owner, signature, transaction));
        }
      }
      return movements.slice(0, limit);
    },
  };

  function readTransaction(signature: Signature) {
    return call(rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }));
  }
}

type ParsedTransaction = {
  blockTime: bigint | null;
  meta: {
    err: unknown;
    fee: bigint;
    preBalances: readonly bigint[];
    postBalances: readonly bigint[];
    preTokenBalances?: readonly TokenBalanceEntry[];
    postTokenBalances?: readonly TokenBalanceEntry[];
  } | null;
  transaction: { message: { accountKeys: readonly { pubkey: string }[] } };
};
type TokenBalanceEntry = { mint: string; owner?: string; uiTokenAmount: { amount: string } };

/** The owner's change per asset in one transaction: SOL when it moved more than the fee, and known tokens. */
function movementsOf(owner: string, signature: string, transaction: ParsedTransaction): Movement[] {
  const meta = transaction.meta;
  if (!meta || meta.err !== null) return [];
  const time = Number(transaction.blockTime ?? 0n);
  const movements: Movement[] = [];
  const index = transaction.transaction.message.accountKeys.findIndex((key) => key.pubkey === owner);
  if (index !== -1) {
    const change = (meta.postBalances[index] ?? 0n) - (meta.preBalances[index] ?? 0n);
    // The fee payer is the first account; a change that is only the fee is not a transfer.
    const withoutFee = change + (index === 0 ? meta.fee : 0n);
    if (withoutFee !== 0n)
      movements.push({
        id: signature,
        time,
        asset: NATIVE_COINS.sol,
        amount: decimalFromUnits(change, NATIVE_COINS.sol.decimals),
        pending: false,
      });
  }
  const tokenChange = new Map<string, bigint>();
  for (const [entries, sign] of [
    [meta.preTokenBalances ?? [], -1n],
    [meta.postTokenBalances ?? [], 1n],
  ] as const) {
    for (const entry of entries) {
      if (entry.owner !== owner) continue;
      tokenChange.set(
        entry.mint,
        (tokenChange.get(entry.mint) ?? 0n) + sign * BigInt(entry.uiTokenAmount.amount),
      );
    }
  }
  for (const token of SPL_TOKENS) {
    const change = tokenChange.get(token.contract) ?? 0n;
    if (change !== 0n)
      movements.push({
        id: `${signature}:${token.contract}`,
        time,
        asset: token,
        amount: decimalFromUnits(change, token.decimals),
        pending: false,
      });
  }
  return movements;
}
