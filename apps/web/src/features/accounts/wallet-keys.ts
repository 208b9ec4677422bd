import { Address, getAddress as bitcoinAddress, NETWORK, p2sh, p2wpkh, WIF } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import {
  createKeyPairSignerFromBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  getBase58Encoder,
  isAddress as isSolanaAddress,
} from '@solana/kit';
import { isAddress as isEthereumAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * Wallet keys in the browser: a private key typed into the Web3 wallet form becomes its public address
 * here, and only the address leaves the page. Everything below is the chain libraries' own code
 * (viem, @solana/kit, @scure/btc-signer); nothing is hand-rolled.
 */

export type WalletChain = 'sol' | 'eth' | 'btc';

const KEY_MESSAGES = {
  eth: 'Private key is not a valid Ethereum key.',
  sol: 'Private key is not a valid Solana key.',
  btc: 'Private key is not a valid Bitcoin key.',
} as const satisfies Record<WalletChain, string>;

const HEX_32_BYTES = /^(0x)?[0-9a-fA-F]{64}$/;

/**
 * The address of `privateKey` on `chain`. Accepted forms:
 * - eth: 32 bytes as hex, with or without 0x (MetaMask's export).
 * - sol: the 64-byte secret key as base58 (Phantom's export) or as a JSON array of numbers (the Solana CLI
 *   keypair file); the 32-byte seed as a JSON array, base58 or hex. A 64-byte key whose public half does
 *   not belong to its private half is refused.
 * - btc: a mainnet WIF (compressed), optionally with Electrum's script prefix (`p2wpkh:`, `p2wpkh-p2sh:`,
 *   `p2pkh:`), or 32 bytes as hex. Without a prefix the address is native segwit (bc1q…, P2WPKH): the
 *   default of current wallets for a single key. Uncompressed WIF keys (5…) are refused.
 * Throws an Error with a short message for anything else.
 */
export async function deriveAddress(chain: WalletChain, privateKey: string): Promise<string> {
  const input = privateKey.trim();
  let address: string | null = null;
  try {
    address = await DERIVERS[chain](input);
  } catch {
    address = null;
  }
  if (!address) throw new Error(KEY_MESSAGES[chain]);
  return address;
}

const DERIVERS = {
  eth: async (input) => {
    if (!HEX_32_BYTES.test(input)) return null;
    return privateKeyToAccount(`0x${input.replace(/^0x/, '')}`).address;
  },
  sol: async (input) => {
    const bytes = solanaKeyBytes(input);
    if (bytes?.length === 64) return (await createKeyPairSignerFromBytes(bytes)).address;
    if (bytes?.length === 32) return (await createKeyPairSignerFromPrivateKeyBytes(bytes)).address;
    return null;
  },
  btc: async (input) => {
    if (HEX_32_BYTES.test(input)) return bitcoinAddress('wpkh', hexBytes(input.replace(/^0x/, '')));
    const match = /^(?:(p2wpkh|p2wpkh-p2sh|p2pkh):)?([1-9A-HJ-NP-Za-km-z]{51,52})$/.exec(input);
    if (!match?.[2]) return null;
    const key = WIF(NETWORK).decode(match[2]);
    switch (match[1]) {
      case 'p2pkh':
        return bitcoinAddress('pkh', key);
      case 'p2wpkh-p2sh':
        return p2sh(p2wpkh(pubECDSA(key))).address ?? null;
      default:
        return bitcoinAddress('wpkh', key);
    }
  },
} as const satisfies Record<WalletChain, (input: string) => Promise<string | null | undefined>>;

/** A Solana key as bytes: a JSON array of byte values, 32 bytes of hex, or base58. */
function solanaKeyBytes(input: string): Uint8Array | null {
  if (input.startsWith('[')) {
    const parsed: unknown = JSON.parse(input);
    if (!Array.isArray(parsed) || !parsed.every((item) => Number.isInteger(item) && item >= 0 && item <= 255))
      return null;
    return Uint8Array.from(parsed);
  }
  if (HEX_32_BYTES.test(input)) return hexBytes(input.replace(/^0x/, ''));
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(input)) return null;
  return Uint8Array.from(getBase58Encoder().encode(input));
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/**
 * Whether `address` is a valid address on `chain`, by the same rules as the server's validateAddress:
 * EIP-55 for Ethereum (all lower or all upper case carries no checksum; mixed case must match it), a
 * base58 32-byte public key for Solana, a mainnet P2PKH/P2SH/segwit/taproot address for Bitcoin; nothing
 * with whitespace or control characters, nothing over 100 characters.
 */
export function isValidAddress(chain: WalletChain, address: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (address.length === 0 || address.length > 100 || /[\s\u0000-\u001f\u007f]/.test(address)) return false;
  switch (chain) {
    case 'eth': {
      const hex = address.slice(2);
      const unchecked = address.startsWith('0x') && (hex === hex.toLowerCase() || hex === hex.toUpperCase());
      return isEthereumAddress(unchecked ? address.toLowerCase() : address, { strict: true });
    }
    case 'sol':
      return isSolanaAddress(address);
    case 'btc':
      try {
        Address(NETWORK).decode(address);
        return true;
      } catch {
        return false;
      }
  }
}
