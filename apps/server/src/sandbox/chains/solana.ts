import { getBase58Decoder, getBase58Encoder, isAddress, isSignature } from '@solana/kit';
import { Hono } from 'hono';
import { z } from 'zod';
import { decimalFromUnits } from '../../connections/money.ts';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  findToken,
  type SandboxToken,
  SPL_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
} from './assets.ts';
import { blockAt, unixSeconds } from './chain-clock.ts';
import { jsonRpcHandler, parseParams, RpcError } from './json-rpc.ts';
import { seededRandom } from './random.ts';
import { createWalletSource, NATIVE, type Wallet, type WalletTransfer } from './wallet-data.ts';

/**
 * A fake Solana mainnet RPC node (JSON-RPC 2.0 over POST /), answering the reads a wallet tracker makes with
 * the shapes of https://solana.com/docs/rpc/http: balances with a context, SPL Token and Token-2022 accounts
 * (jsonParsed or base64), signatures newest first with before/until/limit, and transactions whose
 * pre/post balances give the wallet's exact change. Numbers are exact JSON integers (u64 included).
 */

const API_VERSION = '2.2.14';
const U64_MAX = 18_446_744_073_709_551_615n;
/** Rent-exempt minimum of a 165-byte token account, and of a Token-2022 account with ImmutableOwner (170). */
const TOKEN_ACCOUNT_RENT = { [SPL_TOKEN_PROGRAM]: 2_039_280n, [TOKEN_2022_PROGRAM]: 2_074_080n } as const;
const TOKEN_ACCOUNT_SPACE = { [SPL_TOKEN_PROGRAM]: 165, [TOKEN_2022_PROGRAM]: 170 } as const;

const commitment = z.enum(['processed', 'confirmed', 'finalized']).optional();
const baseConfig = z.looseObject({ commitment, minContextSlot: z.number().optional() });
const invalidParam = (issue: string) => `Invalid params: ${issue}`;

type Encoding = 'json' | 'jsonParsed';
type AccountKey = { pubkey: string; signer: boolean; writable: boolean };
type TokenBalance = {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiAmount;
};
type UiAmount = { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string };

export function createSolanaSandbox(deps: { now?: () => Date } = {}): Hono {
  const now = deps.now ?? (() => new Date());
  const walletOf = createWalletSource(now);
  const wallet = (address: string) => walletOf('sol', address);
  const slot = () => blockAt('sol', unixSeconds(now()));
  const context = () => ({ apiVersion: API_VERSION, slot: BigInt(slot()) });
  // Solana's own message for an unparsable public key or signature.
  const checkPubkey = (value: string) => {
    if (!isAddress(value)) throw new RpcError(-32602, 'Invalid param: Invalid');
    return value;
  };

  const app = new Hono();
  app.post(
    '/',
    jsonRpcHandler(
      {
        getHealth: () => 'ok',
        getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 3_294_202_862 }),
        getSlot: () => BigInt(slot()),
        getBlockHeight: () => BigInt(blockHeight(slot())),
        getLatestBlockhash: () => {
          const current = slot();
          return {
            context: context(),
            value: {
              blockhash: blockhash(current),
              lastValidBlockHeight: BigInt(blockHeight(current) + 150),
            },
          };
        },
        getBalance: (params) => {
          const [address] = parseParams(z.tuple([z.string(), baseConfig.optional()]), params, invalidParam);
          return { context: context(), value: wallet(checkPubkey(address)).nativeBalance };
        },
        getAccountInfo: (params) => {
          const config = baseConfig.extend({
            encoding: z.enum(['base64', 'base58', 'jsonParsed']).optional(),
          });
          const [address] = parseParams(z.tuple([z.string(), config.optional()]), params, invalidParam);
          const lamports = wallet(checkPubkey(address)).nativeBalance;
          const value =
            lamports === 0n
              ? null
              : {
                  data: ['', 'base64'],
                  executable: false,
                  lamports,
                  owner: SYSTEM_PROGRAM,
                  rentEpoch: U64_MAX,
                  space: 0n,
                };
          return { context: context(), value };
        },
        getTokenAccountsByOwner: (params) => {
          const filter = z.union([
            z.strictObject({ mint: z.string() }),
            z.strictObject({ programId: z.string() }),
          ]);
          const config = baseConfig.extend({ encoding: z.enum(['jsonParsed', 'base64']).optional() });
          const [owner, which, options] = parseParams(
            z.tuple([z.string(), filter, config.optional()]),
            params,
            invalidParam,
          );
          const holder = wallet(checkPubkey(owner));
          let tokens: SandboxToken[];
          if ('mint' in which) {
            checkPubkey(which.mint);
            tokens = holder.tokens.filter((token) => token.address === which.mint);
          } else {
            checkPubkey(which.programId);
            if (which.programId !== SPL_TOKEN_PROGRAM && which.programId !== TOKEN_2022_PROGRAM)
              throw new RpcError(-32602, 'Invalid param: unrecognized Token program id');
            tokens = holder.tokens.filter((token) => token.program === which.programId);
          }
          const encoding = options?.encoding ?? 'base64';
          return { context: context(), value: tokens.map((token) => tokenAccount(holder, token, encoding)) };
        },
        getSignaturesForAddress: (params) => {
          const config = baseConfig.extend({
            limit: z.number().int().optional(),
            before: z.string().optional(),
            until: z.string().optional(),
          });
          const [address, options] = parseParams(
            z.tuple([z.string(), config.optional()]),
            params,
            invalidParam,
          );
          const limit = options?.limit ?? 1000;
          if (limit < 1 || limit > 1000) throw new RpcError(-32602, 'Invalid limit; max 1000');
          for (const signature of [options?.before, options?.until])
            if (signature !== undefined && !isSignature(signature))
              throw new RpcError(-32602, 'Invalid param: Invalid');
          let newestFirst = [...wallet(checkPubkey(address)).transfers].reverse();
          if (options?.before) {
            const at = newestFirst.findIndex((transfer) => transfer.id === options.before);
            newestFirst = at === -1 ? [] : newestFirst.slice(at + 1);
          }
          if (options?.until) {
            const at = newestFirst.findIndex((transfer) => transfer.id === options.until);
            if (at !== -1) newestFirst = newestFirst.slice(0, at);
          }
          return newestFirst.slice(0, limit).map((transfer) => ({
            blockTime: BigInt(transfer.time),
            confirmationStatus: 'finalized',
            err: null,
            memo: null,
            signature: transfer.id,
            slot: BigInt(transfer.block ?? 0),
          }));
        },
        getTransaction: (params) => {
          const config = baseConfig.extend({
            encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
            maxSupportedTransactionVersion: z.literal(0).optional(),
          });
          const [signature, options] = parseParams(
            z.tuple([z.string(), config.optional()]),
            params,
            invalidParam,
          );
          if (!isSignature(signature)) throw new RpcError(-32602, 'Invalid param: Invalid');
          const encoding = options?.encoding ?? 'json';
          if (encoding === 'base64' || encoding === 'base58')
            throw new RpcError(-32602, `Invalid params: encoding ${encoding} is not served by the sandbox`);
          // Sandbox signatures end with the wallet's public key (see wallet-data.ts).
          const owner = getBase58Decoder().decode(getBase58Encoder().encode(signature).slice(32));
          const holder = isAddress(owner) ? wallet(owner) : null;
          const transfer = holder?.transfers.find((item) => item.id === signature);
          if (!holder || !transfer) return null;
          const version = isVersioned(transfer) ? 0 : 'legacy';
          if (version === 0 && options?.maxSupportedTransactionVersion === undefined)
            throw new RpcError(
              -32015,
              'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
            );
          return transaction(holder, transfer, encoding, version);
        },
      },
      {
        parseError: 'Parse error',
        invalidRequest: 'Invalid request',
        methodNotFound: () => 'Method not found',
        internalError: 'Internal error',
      },
    ),
  );
  return app;
}

function blockHeight(slot: number): number {
  // Skipped slots keep the block height a little behind the slot.
  return Math.floor(slot * 0.93);
}

function blockhash(slot: number): string {
  return getBase58Decoder().decode(seededRandom(`sol:blockhash:${slot}`).bytes(32));
}

function isVersioned(transfer: WalletTransfer): boolean {
  return seededRandom(`sol:version:${transfer.id}`).chance(0.6);
}

/** The token account a wallet holds a mint in (an associated token account in real life). */
function tokenAccountOf(owner: string, mint: string): string {
  return getBase58Decoder().decode(seededRandom(`sol:token-account:${owner}:${mint}`).bytes(32));
}

function uiAmount(units: bigint, decimals: number, zeroAsNull: boolean): UiAmount {
  const text = decimalFromUnits(units, decimals);
  return {
    amount: units.toString(),
    decimals,
    uiAmount: units === 0n && zeroAsNull ? null : Number(text),
    uiAmountString: text,
  };
}

function tokenAccount(holder: Wallet, token: SandboxToken, encoding: 'jsonParsed' | 'base64') {
  const program = token.program ?? SPL_TOKEN_PROGRAM;
  const balance = holder.tokenBalances[token.address] ?? 0n;
  const account = tokenAccountOf(holder.address, token.address);
  const common = {
    executable: false,
    lamports: TOKEN_ACCOUNT_RENT[program],
    owner: program,
    rentEpoch: U64_MAX,
    space: BigInt(TOKEN_ACCOUNT_SPACE[program]),
  };
  if (encoding === 'base64')
    return {
      pubkey: account,
      account: { ...common, data: [tokenAccountBytes(holder.address, token, balance), 'base64'] },
    };
  const info = {
    ...(program === TOKEN_2022_PROGRAM ? { extensions: [{ extension: 'immutableOwner' }] } : {}),
    isNative: false,
    mint: token.address,
    owner: holder.address,
    state: 'initialized',
    tokenAmount: uiAmount(balance, token.decimals, false),
  };
  return {
    pubkey: account,
    account: {
      ...common,
      data: {
        parsed: { info, type: 'account' },
        program: program === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token',
        space: BigInt(TOKEN_ACCOUNT_SPACE[program]),
      },
    },
  };
}

/** The SPL token account layout (165 bytes; Token-2022 adds the account type and an ImmutableOwner TLV). */
function tokenAccountBytes(owner: string, token: SandboxToken, amount: bigint): string {
  const extended = token.program === TOKEN_2022_PROGRAM;
  const bytes = new Uint8Array(extended ? 170 : 165);
  const view = new DataView(bytes.buffer);
  bytes.set(getBase58Encoder().encode(token.address), 0);
  bytes.set(getBase58Encoder().encode(owner), 32);
  view.setBigUint64(64, amount, true);
  bytes[108] = 1; // state: initialized
  if (extended) {
    bytes[165] = 2; // account type: Account
    view.setUint16(166, 7, true); // extension type: ImmutableOwner, zero length
  }
  return Buffer.from(bytes).toString('base64');
}

type Instruction = {
  programId: string;
  accounts: string[];
  data: Uint8Array;
  parsed: { program: string; type: string; info: object };
};

/** A wallet transfer as getTransaction reports it, with balances before and after for every account. */
function transaction(holder: Wallet, transfer: WalletTransfer, encoding: Encoding, version: 0 | 'legacy') {
  const owner = holder.address;
  const out = transfer.direction === 'out';
  const random = seededRandom(`sol:tx:${transfer.id}`);
  const counterpartyLamports = BigInt(random.int(50, 90_000)) * 1_000_000n;
  const nativeBefore = out
    ? transfer.nativeAfter + transfer.txFee + (transfer.asset === NATIVE ? transfer.units : 0n)
    : transfer.nativeAfter - (transfer.asset === NATIVE ? transfer.units : 0n);
  const payer = out ? owner : transfer.counterparty;
  const payerFee = transfer.txFee;

  let keys: AccountKey[];
  let pre: bigint[];
  let post: bigint[];
  let instructions: Instruction[];
  let preTokenBalances: TokenBalance[] = [];
  let postTokenBalances: TokenBalance[] = [];

  const token = transfer.asset === NATIVE ? undefined : findToken('sol', transfer.asset);
  if (!token) {
    const [from, to] = out ? [owner, transfer.counterparty] : [transfer.counterparty, owner];
    keys = [
      { pubkey: from, signer: true, writable: true },
      { pubkey: to, signer: false, writable: true },
      { pubkey: SYSTEM_PROGRAM, signer: false, writable: false },
    ];
    const [fromBefore, toBefore] = out
      ? [nativeBefore, counterpartyLamports]
      : [counterpartyLamports + transfer.units + payerFee, nativeBefore];
    pre = [fromBefore, toBefore, 1n];
    post = [fromBefore - transfer.units - payerFee, toBefore + transfer.units, 1n];
    const data = new Uint8Array(12);
    new DataView(data.buffer).setUint32(0, 2, true);
    new DataView(data.buffer).setBigUint64(4, transfer.units, true);
    instructions = [
      {
        programId: SYSTEM_PROGRAM,
        accounts: [from, to],
        data,
        parsed: {
          program: 'system',
          type: 'transfer',
          info: { destination: to, lamports: transfer.units, source: from },
        },
      },
    ];
  } else {
    const program = token.program ?? SPL_TOKEN_PROGRAM;
    const rent = TOKEN_ACCOUNT_RENT[program];
    const ours = tokenAccountOf(owner, token.address);
    const theirs = tokenAccountOf(transfer.counterparty, token.address);
    const [source, destination] = out ? [ours, theirs] : [theirs, ours];
    const tokenAfter = transfer.tokenAfter ?? 0n;
    const tokenBefore = out ? tokenAfter + transfer.units : tokenAfter - transfer.units;
    const theirsBefore =
      BigInt(random.int(0, 50_000)) * 10n ** BigInt(token.decimals) + (out ? 0n : transfer.units);
    const theirsAfter = out ? theirsBefore + transfer.units : theirsBefore - transfer.units;
    const amount = uiAmount(transfer.units, token.decimals, false);
    const transferChecked: Instruction = {
      programId: program,
      accounts: [source, token.address, destination, payer],
      data: transferCheckedData(transfer.units, token.decimals),
      parsed: {
        program: program === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token',
        type: 'transferChecked',
        info: { authority: payer, destination, mint: token.address, source, tokenAmount: amount },
      },
    };
    const balance = (accountIndex: number, holderOf: string, units: bigint): TokenBalance => ({
      accountIndex,
      mint: token.address,
      owner: holderOf,
      programId: program,
      uiTokenAmount: uiAmount(units, token.decimals, true),
    });
    if (out) {
      keys = [
        { pubkey: owner, signer: true, writable: true },
        { pubkey: ours, signer: false, writable: true },
        { pubkey: theirs, signer: false, writable: true },
        { pubkey: token.address, signer: false, writable: false },
        { pubkey: program, signer: false, writable: false },
      ];
      pre = [nativeBefore, rent, rent, 1_461_600n, 1n];
      post = [transfer.nativeAfter, rent, rent, 1_461_600n, 1n];
      instructions = [transferChecked];
      preTokenBalances = [balance(1, owner, tokenBefore), balance(2, transfer.counterparty, theirsBefore)];
      postTokenBalances = [balance(1, owner, tokenAfter), balance(2, transfer.counterparty, theirsAfter)];
    } else {
      // Wallets send with an idempotent create of the recipient's token account, which names the
      // recipient's wallet: that is why the transfer is listed under the wallet's own signatures.
      keys = [
        { pubkey: transfer.counterparty, signer: true, writable: true },
        { pubkey: theirs, signer: false, writable: true },
        { pubkey: ours, signer: false, writable: true },
        { pubkey: owner, signer: false, writable: false },
        { pubkey: token.address, signer: false, writable: false },
        { pubkey: SYSTEM_PROGRAM, signer: false, writable: false },
        { pubkey: program, signer: false, writable: false },
        { pubkey: ASSOCIATED_TOKEN_PROGRAM, signer: false, writable: false },
      ];
      pre = [counterpartyLamports + payerFee, rent, rent, nativeBefore, 1_461_600n, 1n, 1n, 1n];
      post = [counterpartyLamports, rent, rent, transfer.nativeAfter, 1_461_600n, 1n, 1n, 1n];
      instructions = [
        {
          programId: ASSOCIATED_TOKEN_PROGRAM,
          accounts: [transfer.counterparty, ours, owner, token.address, SYSTEM_PROGRAM, program],
          data: Uint8Array.of(1),
          parsed: {
            program: 'spl-associated-token-account',
            type: 'createIdempotent',
            info: {
              account: ours,
              mint: token.address,
              source: transfer.counterparty,
              systemProgram: SYSTEM_PROGRAM,
              tokenProgram: program,
              wallet: owner,
            },
          },
        },
        transferChecked,
      ];
      preTokenBalances = [balance(1, transfer.counterparty, theirsBefore), balance(2, owner, tokenBefore)];
      postTokenBalances = [balance(1, transfer.counterparty, theirsAfter), balance(2, owner, tokenAfter)];
    }
  }

  const index = (key: string) => keys.findIndex((item) => item.pubkey === key);
  const message =
    encoding === 'jsonParsed'
      ? {
          accountKeys: keys.map((key) => ({ ...key, source: 'transaction' })),
          instructions: instructions.map((instruction) => ({
            ...instruction.parsed,
            programId: instruction.programId,
            stackHeight: null,
          })),
        }
      : {
          accountKeys: keys.map((key) => key.pubkey),
          header: {
            numReadonlySignedAccounts: 0,
            numReadonlyUnsignedAccounts: keys.filter((key) => !key.writable).length,
            numRequiredSignatures: 1,
          },
          instructions: instructions.map((instruction) => ({
            accounts: instruction.accounts.map(index),
            data: getBase58Decoder().decode(instruction.data),
            programIdIndex: index(instruction.programId),
            stackHeight: null,
          })),
        };
  return {
    blockTime: BigInt(transfer.time),
    meta: {
      computeUnitsConsumed: BigInt(token ? random.int(6_000, 30_000) : 150),
      err: null,
      fee: payerFee,
      innerInstructions: [],
      ...(encoding === 'json' && version === 0 ? { loadedAddresses: { readonly: [], writable: [] } } : {}),
      logMessages: instructions.flatMap((instruction) => [
        `Program ${instruction.programId} invoke [1]`,
        `Program ${instruction.programId} success`,
      ]),
      postBalances: post,
      postTokenBalances,
      preBalances: pre,
      preTokenBalances,
      rewards: [],
      status: { Ok: null },
    },
    slot: BigInt(transfer.block ?? 0),
    transaction: {
      message: {
        ...message,
        recentBlockhash: blockhash((transfer.block ?? 0) - 20),
        ...(version === 0 ? { addressTableLookups: [] } : {}),
      },
      signatures: [transfer.id],
    },
    version,
  };
}

function transferCheckedData(units: bigint, decimals: number): Uint8Array {
  const data = new Uint8Array(10);
  data[0] = 12;
  new DataView(data.buffer).setBigUint64(1, units, true);
  data[9] = decimals;
  return data;
}
