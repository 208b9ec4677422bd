import type { WalletSpec } from './raw-data.ts';

/**
 * What the eval user links, through the same flows the web app uses: one bank (checking, savings, a
 * credit card, sometimes an IRA or brokerage account: the sandbox decides per user), one brokerage
 * connection (SnapTrade's "Self-directed" pair: an individual margin account and a Roth IRA), and four
 * wallets, two of them on Ethereum (so "my Ethereum wallet" is ambiguous).
 */
export const EVAL_BANK = { institutionId: 'ins_109508', name: 'First Platypus Bank' } as const;

export const EVAL_BROKER = { slug: 'ALPACA-PAPER', name: 'Alpaca Paper' } as const;

export const EVAL_WALLETS: readonly WalletSpec[] = [
  {
    accountName: 'Ledger_web3',
    chain: 'eth',
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    tag: 'Ledger',
  },
  {
    accountName: 'MetaMask_web3',
    chain: 'eth',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    tag: 'MetaMask',
  },
  {
    accountName: 'Phantom_web3',
    chain: 'sol',
    address: 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9',
    tag: 'Phantom',
  },
  {
    accountName: 'Bitcoin_web3',
    chain: 'btc',
    address: 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw',
    tag: 'Bitcoin',
  },
];
