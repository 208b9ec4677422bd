import { Address, NETWORK, OutScript } from '@scure/btc-signer';
import { Hono } from 'hono';
import { blockAt, unixSeconds } from './chain-clock.ts';
import { seededRandom, toHex } from './random.ts';
import { createWalletSource, type Wallet } from './wallet-data.ts';

/**
 * A fake Esplora (Blockstream's REST API for Bitcoin mainnet; mempool.space serves the same paths under
 * /api). The wallet's transfers become real-looking UTXO transactions: receipts pay the wallet an output,
 * payments spend its oldest outputs and return change, so funded minus spent is exactly the balance.
 */

const PAGE = 25;
const MEMPOOL_PAGE = 50;

type Prevout = {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  scriptpubkey_address: string;
  value: number;
};
type EsploraTx = {
  txid: string;
  version: number;
  locktime: number;
  vin: {
    txid: string;
    vout: number;
    prevout: Prevout;
    scriptsig: string;
    scriptsig_asm: string;
    witness?: string[];
    is_coinbase: boolean;
    sequence: number;
  }[];
  vout: Prevout[];
  size: number;
  weight: number;
  sigops: number;
  fee: number;
  status:
    | { confirmed: true; block_height: number; block_hash: string; block_time: number }
    | { confirmed: false };
};
type Stats = {
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
  tx_count: number;
};
type History = {
  confirmed: EsploraTx[];
  mempool: EsploraTx[];
  chainStats: Stats;
  mempoolStats: Stats;
  utxos: Utxo[];
};
type Utxo = { txid: string; vout: number; value: number; status: EsploraTx['status'] };

export function createEsploraSandbox(deps: { now?: () => Date } = {}): Hono {
  const now = deps.now ?? (() => new Date());
  const walletOf = createWalletSource(now);
  const histories = new WeakMap<Wallet, History>();
  const historyOf = (address: string) => {
    const wallet = walletOf('btc', address);
    let history = histories.get(wallet);
    if (!history) {
      history = buildHistory(wallet);
      histories.set(wallet, history);
    }
    return history;
  };
  const canonical = (address: string) => {
    try {
      const coder = Address(NETWORK);
      return coder.encode(coder.decode(address));
    } catch {
      return null;
    }
  };
  const tip = () => blockAt('btc', unixSeconds(now()));

  const app = new Hono();
  app.get('/blocks/tip/height', (c) => c.text(String(tip())));
  app.get('/blocks/tip/hash', (c) => c.text(blockHash(tip())));
  app.get('/address/:address', (c) => {
    const address = canonical(c.req.param('address'));
    if (!address) return c.text('Invalid Bitcoin address', 400);
    const history = historyOf(address);
    return c.json({ address, chain_stats: history.chainStats, mempool_stats: history.mempoolStats });
  });
  app.get('/address/:address/txs', (c) => {
    const address = canonical(c.req.param('address'));
    if (!address) return c.text('Invalid Bitcoin address', 400);
    const history = historyOf(address);
    return c.json([...history.mempool.slice(0, MEMPOOL_PAGE), ...history.confirmed.slice(0, PAGE)]);
  });
  app.get('/address/:address/txs/mempool', (c) => {
    const address = canonical(c.req.param('address'));
    if (!address) return c.text('Invalid Bitcoin address', 400);
    return c.json(historyOf(address).mempool.slice(0, MEMPOOL_PAGE));
  });
  const chainPage = (
    address: string | null,
    lastSeen: string | undefined,
  ): { error: string } | { page: EsploraTx[] } => {
    if (!address) return { error: 'Invalid Bitcoin address' };
    if (lastSeen !== undefined && !/^[0-9a-fA-F]{64}$/.test(lastSeen)) return { error: 'Invalid hex string' };
    const confirmed = historyOf(address).confirmed;
    if (lastSeen === undefined) return { page: confirmed.slice(0, PAGE) };
    const at = confirmed.findIndex((tx) => tx.txid === lastSeen.toLowerCase());
    return { page: at === -1 ? [] : confirmed.slice(at + 1, at + 1 + PAGE) };
  };
  app.get('/address/:address/txs/chain/:lastSeen?', (c) => {
    const result = chainPage(canonical(c.req.param('address') ?? ''), c.req.param('lastSeen'));
    return 'error' in result ? c.text(result.error, 400) : c.json(result.page);
  });
  app.get('/address/:address/utxo', (c) => {
    const address = canonical(c.req.param('address'));
    if (!address) return c.text('Invalid Bitcoin address', 400);
    return c.json(historyOf(address).utxos);
  });
  return app;
}

/** The wallet's transfers as Bitcoin transactions, newest first, with the address's running UTXO set. */
function buildHistory(wallet: Wallet): History {
  const own = describeOutput(wallet.address);
  const stats = (): Stats => ({
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: 0,
  });
  const chainStats = stats();
  const mempoolStats = stats();
  let utxos: Utxo[] = [];
  const confirmed: EsploraTx[] = [];
  const mempool: EsploraTx[] = [];

  for (const transfer of wallet.transfers) {
    const random = seededRandom(`btc:tx:${transfer.id}`);
    const status: EsploraTx['status'] =
      transfer.block === null
        ? { confirmed: false }
        : {
            confirmed: true,
            block_height: transfer.block,
            block_hash: blockHash(transfer.block),
            block_time: transfer.time,
          };
    const counted = transfer.block === null ? mempoolStats : chainStats;
    const units = Number(transfer.units);
    const fee = Number(transfer.txFee);
    const counterparty = describeOutput(transfer.counterparty);
    let vin: EsploraTx['vin'];
    let vout: Prevout[];

    if (transfer.direction === 'in') {
      const change = random.int(10_000, 5_000_000);
      const prevout = { ...counterparty, value: units + change + fee };
      vin = [spendInput(`${toHex(random.bytes(32))}`, random.int(0, 3), prevout, random)];
      vout = random.chance(0.5)
        ? [
            { ...own, value: units },
            { ...counterparty, value: change },
          ]
        : [
            { ...counterparty, value: change },
            { ...own, value: units },
          ];
      const index = vout.findIndex((output) => output.scriptpubkey_address === wallet.address);
      utxos.push({ txid: transfer.id, vout: index, value: units, status });
      counted.funded_txo_count += 1;
      counted.funded_txo_sum += units;
    } else {
      // Oldest outputs first until the payment and its fee are covered.
      const spent: Utxo[] = [];
      let total = 0;
      for (const utxo of utxos) {
        if (total >= units + fee) break;
        spent.push(utxo);
        total += utxo.value;
      }
      utxos = utxos.filter((utxo) => !spent.includes(utxo));
      vin = spent.map((utxo) => spendInput(utxo.txid, utxo.vout, { ...own, value: utxo.value }, random));
      const change = total - units - fee;
      vout = [{ ...counterparty, value: units }, ...(change > 0 ? [{ ...own, value: change }] : [])];
      if (change > 0) utxos.push({ txid: transfer.id, vout: 1, value: change, status });
      counted.spent_txo_count += spent.length;
      counted.spent_txo_sum += total;
      if (change > 0) {
        counted.funded_txo_count += 1;
        counted.funded_txo_sum += change;
      }
    }
    counted.tx_count += 1;
    const vsize = 11 + 68 * vin.length + 31 * vout.length;
    const tx: EsploraTx = {
      txid: transfer.id,
      version: 2,
      locktime: transfer.block === null ? 0 : transfer.block - 1,
      vin,
      vout,
      size: vsize + 42 * vin.length,
      weight: vsize * 4 - 3 * 42 * vin.length,
      sigops: vin.length,
      fee,
      status,
    };
    (transfer.block === null ? mempool : confirmed).unshift(tx);
  }
  return { confirmed, mempool, chainStats, mempoolStats, utxos: [...utxos].reverse() };
}

function spendInput(
  txid: string,
  vout: number,
  prevout: Prevout,
  random: ReturnType<typeof seededRandom>,
): EsploraTx['vin'][number] {
  const segwit = prevout.scriptpubkey_type.startsWith('v');
  return {
    txid,
    vout,
    prevout,
    scriptsig: segwit ? '' : toHex(random.bytes(106)),
    scriptsig_asm: segwit ? '' : 'OP_PUSHBYTES_72 … OP_PUSHBYTES_33 …',
    ...(segwit ? { witness: [toHex(random.bytes(71)), `02${toHex(random.bytes(32))}`] } : {}),
    is_coinbase: false,
    sequence: 4_294_967_293,
  };
}

/** An address's output script in Esplora's terms. */
function describeOutput(address: string): Omit<Prevout, 'value'> {
  const decoded = Address(NETWORK).decode(address);
  const scriptpubkey = toHex(OutScript.encode(decoded));
  const described = (type: string, asm: string) => ({
    scriptpubkey,
    scriptpubkey_asm: asm,
    scriptpubkey_type: type,
    scriptpubkey_address: address,
  });
  switch (decoded.type) {
    case 'wpkh':
      return described('v0_p2wpkh', `OP_0 OP_PUSHBYTES_20 ${toHex(decoded.hash)}`);
    case 'wsh':
      return described('v0_p2wsh', `OP_0 OP_PUSHBYTES_32 ${toHex(decoded.hash)}`);
    case 'tr':
      return described('v1_p2tr', `OP_PUSHNUM_1 OP_PUSHBYTES_32 ${toHex(decoded.pubkey)}`);
    case 'pkh':
      return described(
        'p2pkh',
        `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${toHex(decoded.hash)} OP_EQUALVERIFY OP_CHECKSIG`,
      );
    case 'sh':
      return described('p2sh', `OP_HASH160 OP_PUSHBYTES_20 ${toHex(decoded.hash)} OP_EQUAL`);
    default:
      return described('unknown', '');
  }
}

function blockHash(height: number): string {
  return `00000000000000000001${toHex(seededRandom(`btc:block:${height}`).bytes(22))}`;
}
