import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { CONTROL_TOOLS, type InstructionContext } from '../instructions.ts';
import type { ContextAccount } from './turn-context.ts';
import { type SeenToolResult, writeAnswer } from './write.ts';

/**
 * Requests to trade, read without an LLM (docs/agent.md, "propose_order"): "buy $500 of vti", "sell 2
 * shares of aapl", "buy 3 shares of VTI in my Roth IRA with a limit of $250". A question that starts
 * with buy or sell and names an amount or shares and a ticker becomes one `propose_order` call (which
 * only proposes: decision 0024); several joined by 'and' ("sell 2 shares of vti and buy 1 share of bnd")
 * are one call with `more_orders` (decision 0028). Which brokerage account is asked back when the user
 * has several and named none, and the answer to that question completes the request.
 */

type OneOrder = {
  symbol: string;
  action: 'buy' | 'sell';
  units?: string;
  amount?: string;
  order_type: 'market' | 'limit';
  limit_price?: string;
};

export type OrderInput = OneOrder & { account: string; more_orders?: OneOrder[] };

export type OrderReading =
  | { kind: 'order'; input: OrderInput }
  | { kind: 'ask'; question: string }
  | { kind: 'no-brokerage' };

type Parsed = OneOrder & { accountWords: string | null; more?: OneOrder[] };

/** 'sell 2 shares of vti and buy $300 of bnd': each order starts with its verb. */
const NEXT_ORDER =
  /\s*(?:,\s*(?:and\s+|then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+)(?=(?:buy|sell|purchase)\s)/i;

/**
 * The request's orders, or null when the question is not a request to trade. Several orders are one
 * proposal in one account, named once (on any of them) or not at all.
 */
export function parseOrderRequest(question: string): Parsed | null {
  const parts = question
    .trim()
    .replace(/[.!?]+$/, '')
    .split(NEXT_ORDER);
  const orders = parts.map(parseOneOrder);
  if (orders.some((order) => order === null)) return null;
  const parsed = orders.filter((order): order is Parsed => order !== null);
  const named = [...new Set(parsed.flatMap((order) => (order.accountWords ? [order.accountWords] : [])))];
  if (named.length > 1) return null;
  const [first, ...rest] = parsed;
  if (!first) return null;
  const strip = ({ accountWords: _, ...order }: Parsed): OneOrder => order;
  return {
    ...strip(first),
    accountWords: named[0] ?? null,
    ...(rest.length > 0 ? { more: rest.map(strip) } : {}),
  };
}

const LIMIT = /\s+(?:at|with)\s+(?:a\s+)?limit(?:\s+price)?(?:\s+of)?\s+\$?(\d+(?:\.\d{1,2})?)\b/i;
const REQUEST =
  /^(?:please\s+|can you\s+|could you\s+)?(buy|sell|purchase)\s+(?:\$\s?(\d[\d,]*(?:\.\d{1,2})?)(?:\s+worth)?|(\d+(?:\.\d{1,3})?)\s*(?:shares?|units?)?)\s+(?:of\s+)?\$?([a-z]{1,5})\b(?:\s+(?:shares?|stock))?(?:\s+(?:in|from|with|using)\s+(?:my\s+|the\s+)?(.+?))?$/i;

/** One order's parts, or null when the words are not one. */
function parseOneOrder(words: string): Parsed | null {
  let text = words.trim();
  const limit = LIMIT.exec(text);
  if (limit) text = `${text.slice(0, limit.index)}${text.slice(limit.index + limit[0].length)}`;
  const match = REQUEST.exec(text.trim());
  if (!match) return null;
  const [, verb = '', dollars, shares, ticker = '', account] = match;
  if (!dollars && !shares) return null;
  const amount = dollars?.replaceAll(',', '');
  if ((amount !== undefined && Number(amount) <= 0) || (shares !== undefined && Number(shares) <= 0))
    return null;
  return {
    action: verb.toLowerCase() === 'sell' ? 'sell' : 'buy',
    symbol: ticker.toUpperCase(),
    ...(amount !== undefined ? { amount } : { units: shares }),
    order_type: limit ? 'limit' : 'market',
    ...(limit?.[1] ? { limit_price: limit[1] } : {}),
    accountWords: account?.trim() || null,
  };
}

const brokerageAccounts = (accounts: readonly ContextAccount[]) =>
  accounts.filter((account) => account.platform === 'snaptrade');

/** The brokerage account the words name: its whole name, or words of it ('roth', 'individual'). */
function namedAccount(words: string, accounts: readonly ContextAccount[]): ContextAccount | null {
  const wanted = words
    .toLowerCase()
    .replace(/\s+account$/, '')
    .trim();
  if (!wanted) return null;
  const exact = accounts.find((account) => account.name.toLowerCase() === wanted);
  if (exact) return exact;
  const partial = accounts.filter((account) => account.name.toLowerCase().includes(wanted));
  return partial.length === 1 ? (partial[0] ?? null) : null;
}

const which = (accounts: readonly ContextAccount[]) =>
  `Which account should the order go in: ${accounts.map((account) => account.name).join(' or ')}?`;

/** Reads a request to trade against the user's brokerage accounts; null: not one. */
export function readOrderRequest(
  question: string,
  accounts: readonly ContextAccount[],
  earlier?: string,
): OrderReading | null {
  const brokerages = brokerageAccounts(accounts);
  const parsed = parseOrderRequest(question);
  if (!parsed) {
    // "Roth IRA" answering "Which account should the order go in?" completes the earlier request.
    const before = earlier ? parseOrderRequest(earlier) : null;
    const account =
      before && !before.accountWords
        ? namedAccount(question.replace(/^(?:in\s+)?(?:my|the)\s+/i, ''), brokerages)
        : null;
    return before && account ? order(before, account) : null;
  }
  if (brokerages.length === 0) return { kind: 'no-brokerage' };
  const account =
    parsed.accountWords !== null
      ? namedAccount(parsed.accountWords, brokerages)
      : brokerages.length === 1
        ? (brokerages[0] ?? null)
        : null;
  return account ? order(parsed, account) : { kind: 'ask', question: which(brokerages) };
}

function order({ accountWords: _, more, ...parsed }: Parsed, account: ContextAccount): OrderReading {
  return {
    kind: 'order',
    input: { ...parsed, account: account.id, ...(more ? { more_orders: more } : {}) },
  };
}

type Step =
  | { kind: 'calls'; calls: Array<{ id: string; name: string; input: unknown }> }
  | { kind: 'text'; text: string };

const NO_BROKERAGE = 'To place an order, link a brokerage account first (on the Accounts page).';

/** The analyst's step for a request to trade (analyst-model.ts), or null when the question is not one. */
export function orderStep(
  prompt: LanguageModelV4Prompt,
  lastUser: number,
  question: string,
  context: InstructionContext,
  stepIndex: number,
  results: SeenToolResult[],
): Step | null {
  const earlier = prompt.slice(0, lastUser).findLast((message) => message.role === 'user');
  const earlierText =
    earlier && Array.isArray(earlier.content)
      ? earlier.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
      : undefined;
  const openOrders =
    readOpenOrdersRequest(question, context.accounts) ??
    readRebalanceRequest(question, context.accounts, earlierText);
  if (openOrders) return openOrdersStep(openOrders, context, stepIndex, results);
  const reading = readOrderRequest(question, context.accounts, earlierText);
  if (!reading) return null;
  if (reading.kind === 'no-brokerage') return { kind: 'text', text: NO_BROKERAGE };
  if (reading.kind === 'ask') {
    return {
      kind: 'calls',
      calls: [{ id: 'call-0-0', name: CONTROL_TOOLS.ask, input: { question: reading.question } }],
    };
  }
  if (stepIndex > 0) {
    const style = {
      // Every order proposed is said, however few figures the user likes: it is what they confirm.
      numbers: 10,
      context: context.preferences.context,
      tone: context.preferences.tone,
    };
    return { kind: 'text', text: writeAnswer(undefined, results, style, context.deep) };
  }
  return { kind: 'calls', calls: [{ id: 'call-0-0', name: 'propose_order', input: reading.input }] };
}

/**
 * Open orders (docs/agent.md, "open_orders"): "show my open orders" lists them (`open_orders`); "cancel my
 * vti order", "cancel order <id>", "cancel all my open orders" proposes cancelling them
 * (`propose_cancel_order`, which only proposes: the user confirms). In one account when the words name
 * one of the user's brokerage accounts ('in my roth'), else in all of them.
 */
export type OpenOrdersReading =
  | { kind: 'list'; input: { account?: string } }
  | { kind: 'rebalance'; input: { account: string; stocks_percent: number } }
  | { kind: 'ask'; question: string }
  | { kind: 'cancel'; input: { order_id?: string; symbol?: string; account?: string } }
  | { kind: 'no-brokerage' };

const OPEN_ORDERS =
  /\b(?:open|pending|outstanding|unfilled|working|waiting)\s+(?:limit\s+|buy\s+|sell\s+)?orders?\b|\borders?\s+(?:that\s+are\s+|still\s+)?(?:open|pending|waiting)\b/i;
const CANCEL = /^(?:please\s+)?(?:cancel|withdraw|kill)\b(?=.*\borders?\b)/i;
/** Words around 'order' that are not a ticker ('my', 'the', 'open', 'limit'). */
const NOT_TICKER = new Set(
  'a an the my all any every each of for on in open pending outstanding unfilled working waiting limit buy sell order orders please cancel withdraw kill that this those these to it'.split(
    ' ',
  ),
);
const ORDER_ID = /\border\s+(?:id\s+)?#?([A-Za-z0-9][A-Za-z0-9_-]{7,63})\b/i;
const IN_ACCOUNT = /\s+in\s+(?:my|the)\s+(.+)$/i;

/** The ticker a cancel names: 'my vti order', 'the order for vti', 'vti limit order'. */
function tickerOf(words: string): string | undefined {
  const before = /\b([A-Za-z][A-Za-z.]{0,5})\s+(?:(?:limit|buy|sell|open|pending)\s+)*orders?\b/i.exec(
    words,
  )?.[1];
  const after = /\borders?\s+(?:for|of|on|to\s+(?:buy|sell))\s+([A-Za-z][A-Za-z.]{0,5})\b/i.exec(words)?.[1];
  const found = [before, after].find((word) => word !== undefined && !NOT_TICKER.has(word.toLowerCase()));
  return found?.toUpperCase();
}

/** Reads a request about open orders; null: not one. */
export function readOpenOrdersRequest(
  question: string,
  accounts: readonly ContextAccount[],
): OpenOrdersReading | null {
  const text = question.trim().replace(/[.!?]+$/, '');
  const cancel = CANCEL.test(text);
  if (!cancel && !OPEN_ORDERS.test(text)) return null;
  const brokerages = brokerageAccounts(accounts);
  if (brokerages.length === 0) return { kind: 'no-brokerage' };
  const accountWords = IN_ACCOUNT.exec(text)?.[1];
  const account = accountWords ? namedAccount(accountWords, brokerages) : null;
  const words = account ? text.replace(IN_ACCOUNT, '') : text;
  const scope = account ? { account: account.id } : {};
  if (!cancel) return { kind: 'list', input: scope };
  const id = ORDER_ID.exec(words)?.[1];
  if (id && /\d/.test(id)) return { kind: 'cancel', input: { order_id: id, ...scope } };
  const symbol = tickerOf(words);
  return { kind: 'cancel', input: { ...(symbol ? { symbol } : {}), ...scope } };
}

const NO_BROKERAGE_ORDERS = 'To see or cancel orders, link a brokerage account first (on the Accounts page).';

function openOrdersStep(
  reading: OpenOrdersReading,
  context: InstructionContext,
  stepIndex: number,
  results: SeenToolResult[],
): Step {
  if (reading.kind === 'no-brokerage') return { kind: 'text', text: NO_BROKERAGE_ORDERS };
  if (reading.kind === 'ask') {
    return {
      kind: 'calls',
      calls: [{ id: 'call-0-0', name: CONTROL_TOOLS.ask, input: { question: reading.question } }],
    };
  }
  if (stepIndex > 0) {
    // Every order listed or proposed is said: it is what the user reads or confirms.
    const style = { numbers: 10, context: context.preferences.context, tone: context.preferences.tone };
    return { kind: 'text', text: writeAnswer(undefined, results, style, context.deep) };
  }
  const name =
    reading.kind === 'list'
      ? 'open_orders'
      : reading.kind === 'rebalance'
        ? 'propose_rebalance'
        : 'propose_cancel_order';
  return { kind: 'calls', calls: [{ id: 'call-0-0', name, input: reading.input }] };
}

/**
 * "Rebalance to 60/40", "rebalance my roth to 70/30 stocks/bonds" (`propose_rebalance`, which only
 * proposes): the first figure is the stocks percent, the two adding up to 100. In the brokerage account
 * named, or the only one; with several and none named it asks which, and the answer completes it.
 */
const REBALANCE = /^(?:please\s+)?rebalance\b(.*?)\bto\s+(\d{1,3})\s*(?:\/|-|\s)\s*(\d{1,3})\b/i;

export function readRebalanceRequest(
  question: string,
  accounts: readonly ContextAccount[],
  earlier?: string,
): OpenOrdersReading | null {
  const match = REBALANCE.exec(question.trim());
  if (!match) {
    // "Roth IRA" answering "Which account should I rebalance?" completes the earlier request.
    const before = earlier ? REBALANCE.exec(earlier.trim()) : null;
    const account = before
      ? namedAccount(
          question.replace(/^(?:in\s+)?(?:my|the)\s+/i, '').replace(/[.!?]+$/, ''),
          brokerageAccounts(accounts),
        )
      : null;
    return before && account ? rebalance(before, account) : null;
  }
  const stocks = Number(match[2]);
  if (stocks + Number(match[3]) !== 100) return null;
  const brokerages = brokerageAccounts(accounts);
  if (brokerages.length === 0) return { kind: 'no-brokerage' };
  const words = (match[1] ?? '')
    .replace(/^\s*(?:my|the)\s+/i, '')
    .replace(/\s*(?:portfolio|holdings)\s*$/i, '')
    .trim();
  const account = words
    ? namedAccount(words, brokerages)
    : brokerages.length === 1
      ? (brokerages[0] ?? null)
      : null;
  if (account) return rebalance(match, account);
  return {
    kind: 'ask',
    question: `Which account should I rebalance: ${brokerages.map((one) => one.name).join(' or ')}?`,
  };
}

function rebalance(match: RegExpExecArray, account: ContextAccount): OpenOrdersReading {
  return { kind: 'rebalance', input: { account: account.id, stocks_percent: Number(match[2]) } };
}
