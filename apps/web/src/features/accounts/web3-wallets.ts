import {
  ACCOUNT_SUFFIX,
  accountMessages,
  type ChainCode,
  type StoreCredentialsRequest,
} from '@penny/contracts';
import type { AccountUserInfo } from '../../api/index.ts';

/**
 * The 'Link Web3 Accounts' form's model (docs/product/chat.md, "Web3 credential" and "Web3 wallet form"). A
 * wallet names its address, or a private key the browser turns into the address: the key itself is
 * never sent anywhere.
 */

/** Which of the two ways to name a wallet the user added: nothing yet, an address, or a private key. */
export type WalletSource = 'none' | 'address' | 'privateKey';

export type WalletDraft = {
  key: number;
  identifier: string;
  source: WalletSource;
  address: string;
  privateKey: string;
  chain: ChainCode | '';
  tag: string;
};

let nextKey = 1;
export function emptyWallet(): WalletDraft {
  return { key: nextKey++, identifier: '', source: 'none', address: '', privateKey: '', chain: '', tag: '' };
}

/**
 * The identifier with whitespace turned into underscores, plus '_web3' (docs/product/chat.md,
 * "Web3 credential").
 */
export function walletAccountName(identifier: string): string {
  return `${identifier.trim().replace(/\s+/g, '_')}${ACCOUNT_SUFFIX.web3}`;
}

export type WalletCheck = (chain: ChainCode, address: string) => boolean;

/**
 * The wallet's problems, each in the required words ('Error in Wallet #n: ...'; docs/product/chat.md,
 * "Web3 wallet form"); `index` counts from 1.
 */
export function walletErrors(wallet: WalletDraft, index: number, isValidAddress: WalletCheck): string[] {
  const prefix = accountMessages.walletErrorPrefix(index);
  const errors: string[] = [];
  if (!wallet.identifier.trim()) errors.push(accountMessages.identifierRequired);
  if (wallet.source === 'none') errors.push(accountMessages.addressOrKeyRequired);
  if (wallet.source === 'address') {
    if (!wallet.address.trim()) errors.push(accountMessages.addressRequired);
    if (!wallet.chain) errors.push(accountMessages.chainRequired);
    else if (wallet.address.trim() && !isValidAddress(wallet.chain, wallet.address.trim())) {
      errors.push(accountMessages.invalidAddress(wallet.chain));
    }
  }
  if (wallet.source === 'privateKey') {
    if (!wallet.privateKey.trim()) errors.push(accountMessages.privateKeyRequired);
    // The key's chain says which address to derive.
    if (!wallet.chain) errors.push(accountMessages.chainRequired);
  }
  return errors.map((message) => `${prefix}${message}`);
}

/** Every wallet's problems, in form order. */
export function formErrors(wallets: readonly WalletDraft[], isValidAddress: WalletCheck): string[] {
  return wallets.flatMap((wallet, index) => walletErrors(wallet, index + 1, isValidAddress));
}

/**
 * The store-credentials request for a wallet whose address is known (typed or derived). It carries the
 * address only: no `access_token`, whatever the wallet was named with.
 */
export function walletRequest(
  user: AccountUserInfo,
  wallet: Pick<WalletDraft, 'identifier' | 'tag'> & { chain: ChainCode },
  address: string,
  now = new Date(),
): StoreCredentialsRequest {
  const tag = wallet.tag.trim();
  return {
    ...user,
    account_name: walletAccountName(wallet.identifier),
    credentials: {
      chain: wallet.chain,
      account_id: address,
      item_id: user.username,
      ...(tag ? { tag } : {}),
      last_updated: now.toISOString(),
    },
  };
}
