import {
  Banknote,
  Bitcoin,
  Calendar,
  ChartPie,
  Coins,
  CreditCard,
  Landmark,
  type LucideIcon,
  PiggyBank,
  Receipt,
  ShieldCheck,
  Target,
  TrendingDown,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import type { MarkupIconName } from './icon-names.ts';

/** Each name's lucide icon and the words a screen reader says for it. */
export const MARKUP_ICONS: Record<MarkupIconName, { icon: LucideIcon; label: string }> = {
  wallet: { icon: Wallet, label: 'Wallet' },
  bank: { icon: Landmark, label: 'Bank' },
  'piggy-bank': { icon: PiggyBank, label: 'Savings' },
  'credit-card': { icon: CreditCard, label: 'Credit card' },
  cash: { icon: Banknote, label: 'Cash' },
  coins: { icon: Coins, label: 'Coins' },
  receipt: { icon: Receipt, label: 'Receipt' },
  'trending-up': { icon: TrendingUp, label: 'Trending up' },
  'trending-down': { icon: TrendingDown, label: 'Trending down' },
  chart: { icon: ChartPie, label: 'Chart' },
  target: { icon: Target, label: 'Goal' },
  calendar: { icon: Calendar, label: 'Calendar' },
  shield: { icon: ShieldCheck, label: 'Secure' },
  crypto: { icon: Bitcoin, label: 'Crypto' },
};
