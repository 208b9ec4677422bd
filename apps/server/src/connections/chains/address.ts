import { Address, NETWORK } from '@scure/btc-signer';
import { isAddress as isSolanaAddress } from '@solana/kit';
import { getAddress, isAddress as isEthereumAddress } from 'viem';
import type { Chain } from '../types.ts';

export type AddressCheck = { ok: true; address: string } | { ok: false; message: string };

const CHAIN_NAMES = { sol: 'Solana', eth: 'Ethereum', btc: 'Bitcoin' } as const satisfies Record<
  Chain,
  string
>;

/**
 * Checks a wallet address for `chain` and returns its canonical form (the one stored and shown):
 * - eth: 0x + 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum (all lower or all upper
 *   case has none). Returned checksummed.
 * - sol: a base58 32-byte public key (case-sensitive, returned as given).
 * - btc: a mainnet address (P2PKH 1…, P2SH 3…, native segwit bc1q…, taproot bc1p…); bech32 ones are
 *   returned in lower case.
 * Whitespace, control characters and anything over 100 characters are refused before the chain rules.
 */
export function validateAddress(chain: Chain, address: string): AddressCheck {
  const refused: AddressCheck = { ok: false, message: `Not a valid ${CHAIN_NAMES[chain]} address.` };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (address.length === 0 || address.length > 100 || /[\s\u0000-\u001f\u007f]/.test(address)) return refused;
  switch (chain) {
    case 'eth': {
      // EIP-55: all lower or all upper case carries no checksum; mixed case must match it.
      const hex = address.slice(2);
      const unchecked = address.startsWith('0x') && (hex === hex.toLowerCase() || hex === hex.toUpperCase());
      const candidate = unchecked ? address.toLowerCase() : address;
      return isEthereumAddress(candidate, { strict: true })
        ? { ok: true, address: getAddress(candidate) }
        : refused;
    }
    case 'sol':
      return isSolanaAddress(address) ? { ok: true, address } : refused;
    case 'btc':
      try {
        const coder = Address(NETWORK);
        return { ok: true, address: coder.encode(coder.decode(address)) };
      } catch {
        return refused;
      }
  }
}
