import { BUDGET_NOT_SPENDING, CATEGORY_TAXONOMY, primaryCategoryOf } from '@penny/contracts';
import { categoryLabel } from '../../finance/categories.ts';
import type { Plan } from './reading.ts';
import type { Matcher, TurnContext } from './vocabulary.ts';

/**
 * Requests to act (docs/agent.md, "How a question is read"): 'set a $400 dining budget', 'budget 300 for
 * groceries', 'how am I doing on my budgets', 'categorise all Uber as Transportation', 'that Costco
 * charge was groceries'. Read before any question about figures: each becomes one proposing tool call
 * (propose_budget, propose_recategorize; nothing is written until the user confirms) or budget_status.
 * A request read only in part (no amount, a category or merchant not known) is asked back saying what
 * was understood, never guessed. Anything else is not a request to act: undefined, read as a question.
 */

const KNOWN_CODES: readonly string[] = Object.entries(CATEGORY_TAXONOMY).flatMap(([primary, detailed]) => [
  primary,
  ...detailed,
]);

/** Categories by their taxonomy label ('food and drink', 'general merchandise'), for a category not yet held. */
const BY_LABEL = new Map(KNOWN_CODES.map((code) => [categoryLabel(code).toLowerCase(), code]));

/** '$400', '400', '$1,200.50', '400 dollars', '1.2k': dollars as a decimal string with two places. */
const AMOUNT =
  /(?:\$\s?|\busd\s?)?\b(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s?(k\b)?(?:\s?(?:dollars|bucks|usd)\b)?/;

function amountOf(q: string): { text: string; words: string } | undefined {
  const found = AMOUNT.exec(q);
  if (!found?.[1]) return undefined;
  const whole = found[1].replaceAll(',', '');
  const cents = (found[2] ?? '').padEnd(2, '0');
  if (found[3]) {
    // '1.2k': thousands.
    const value = BigInt(whole) * 100_000n + BigInt(cents) * 1_000n;
    return { text: `${value / 100n}.${String(value % 100n).padStart(2, '0')}`, words: found[0] };
  }
  return { text: `${BigInt(whole)}.${cents}`, words: found[0] };
}

/** '$1,200.50' from a decimal string with two places, never through a float. */
const dollars = (text: string) => {
  const [whole = '0', cents = '00'] = text.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/** The code a phrase names: the user's own categories (fuzzily), else a taxonomy label word for word. */
function categoryOf(phrase: string, matcher: Matcher): string | undefined {
  const bare = phrase.trim().replace(/\s+/g, ' ');
  if (bare.length < 2) return undefined;
  const label = BY_LABEL.get(bare) ?? BY_LABEL.get(bare.replace(/s$/, ''));
  return label ?? matcher.category(bare)?.item.code;
}

/** Characters: 'please recategorize every whole foods market purchase as groceries from now on' is 80. */
const MAX_REQUEST_LENGTH = 240;

// ---- Budgets

const SET_BUDGET =
  /\b(set|make|create|add|start|establish|change|update|raise|increase|lower|reduce|decrease|cut|bump|put)\b.*\bbudget\b|\bbudget\b.*\b(to|at|of|should be)\s?\$?\d|^(i want |i'd like |i would like |let's |lets |please )?(a |an )?\$?\d[\d,.]*k?\s?(dollars?|bucks)?\s(monthly |month(ly)? )?([a-z]+ )?budget\b|\bbudget \$?\d/;
const REMOVE_BUDGET = /\b(remove|delete|clear|drop|cancel|get rid of|scrap)\b.*\bbudgets?\b/;
const BUDGET_STATUS =
  /\b(how am i doing|how are we doing|how (is|are) my|doing on|on track|over budget|under budget|budget status|status of my|left (in|on|of) my|left to spend|check my|show( me)? my|see my|what are my|list my)\b.*\bbudgets?\b|\bbudgets?\b.*\b(status|on track|so far)\b|\b(am i|are we) (over|under|within)\b.*\bbudgets?\b|\b(vs|versus|against|compared (to|with)) (my |the )?([a-z]+ )?budgets?\b|\bwhat is (my|the) ([a-z]+ )?budgets?\b|^(my )?budgets\??$/;

/** Words of a budget request that are not its category. */
const BUDGET_FILLER =
  /\b(please|pls|can you|could you|would you|i want|i'd like|i would like|let's|lets|to|set|make|create|add|start|establish|change|update|raise|increase|lower|reduce|decrease|cut|bump|put|remove|delete|clear|drop|cancel|get rid of|scrap|a|an|the|my|our|me|monthly|month|mo|per|a month|each|every|budget|budgets|for|on|of|at|be|should|spending|spend|limit|dollars|bucks|usd|new|up|down|i|we)\b/g;

function budgetCategoryPhrase(q: string, amountWords: string | undefined): string {
  const rest = amountWords ? q.replace(amountWords, ' ') : q;
  return rest
    .replace(/[$?.!,]/g, ' ')
    .replace(BUDGET_FILLER, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function readBudget(q: string, matcher: Matcher): Plan | undefined {
  if (!/\bbudget/.test(q)) return undefined;
  const removing = REMOVE_BUDGET.test(q);
  const asking = BUDGET_STATUS.test(q) && !AMOUNT.test(q);
  if (!removing && (asking || !SET_BUDGET.test(q))) {
    return BUDGET_STATUS.test(q)
      ? { kind: 'tools', reading: { intent: 'budgets' }, calls: [{ tool: 'budget_status', input: {} }] }
      : undefined;
  }
  const amount = removing ? undefined : amountOf(q);
  const phrase = budgetCategoryPhrase(q, amount?.words);
  const code = phrase ? categoryOf(phrase, matcher) : undefined;
  const primary = code ? primaryCategoryOf(code) : null;
  const wanted = amount ? `a monthly budget of ${dollars(amount.text)}` : 'a monthly budget';
  if (!primary) {
    const what = phrase ? `, but not the category "${phrase}"` : ', but not for which category';
    return {
      kind: 'clarify',
      question: `I understood ${removing ? 'removing a budget' : wanted}${what}. Which category is it for, for example dining, groceries, shopping or travel?`,
    };
  }
  const label = categoryLabel(primary);
  if ((BUDGET_NOT_SPENDING as readonly string[]).includes(primary)) {
    return {
      kind: 'clarify',
      question: `Budgets are for spending, and ${label} is not spending. Which spending category do you mean, for example dining, groceries, shopping or travel?`,
    };
  }
  if (!removing && !amount) {
    return {
      kind: 'clarify',
      question: `I understood a monthly budget for ${label}, but not the amount. How much a month, for example "$400 a month"?`,
    };
  }
  // Budgets are per primary category: 'dining' is said back as the Food and drink budget it sets.
  const corrections: Array<[string, string]> =
    code !== primary || phrase !== label.toLowerCase() ? [[phrase, `the ${label} budget`]] : [];
  return {
    kind: 'tools',
    reading: { intent: 'budgets', ...(corrections.length > 0 ? { corrections } : {}) },
    calls: [
      {
        tool: 'propose_budget',
        input: amount ? { category: primary, amount: amount.text } : { category: primary, remove: true },
      },
    ],
  };
}

// ---- Re-categorising

/** 'categorise all uber as transportation', 'file costco under groceries': the verb leads. */
const RECATEGORIZE =
  /^(?:(?:please|pls|can you|could you|would you|i want to|i'd like to|always|from now on,?)\s+)*(re-?categori[sz]e|categori[sz]e|re-?classify|classify|file|mark|tag|label|move|put|count|treat)\s+(.+?)\s+(?:as|under|into|in|to)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:category|categories))?$/;
/** 'that costco charge was groceries', 'the uber rides are transportation'. */
const WAS_CATEGORY =
  /^(?:that|the|this|those|these|my|all)\s+(.+?)\s+(?:charges?|purchases?|transactions?|payments?|orders?|bills?|rides?|trips?)\s+(?:was|were|is|are|should be|should have been|belongs? (?:in|to)|goes? (?:in|under))\s+(?:actually\s+|really\s+)?(?:in\s+|under\s+)?(.+?)(?:\s+(?:category|categories))?$/;
/** Verbs that say nothing but "re-categorise": an unknown category is asked back, not passed on. */
const CATEGORISING_VERBS = /^(re-?categori[sz]e|categori[sz]e|re-?classify|classify)$/;
/** A rule for transactions to come. */
const FROM_NOW_ON = /\b(always|from now on|in (the )?future|going forward|future ones|every time)\b/;
const SUBJECT_FILLER =
  /\b(all|every|each|of|my|the|that|this|those|these|from|at|transactions?|charges?|purchases?|payments?|rides?|trips?|orders?|bills?|always|from now on|in (the )?future|going forward)\b/g;

function merchantOf(subject: string, matcher: Matcher, context: TurnContext): string | undefined {
  const named = matcher.merchantsNamed(subject).sort((a, b) => b.name.length - a.name.length)[0];
  if (named) return named.name;
  const fuzzy = matcher.merchant(subject);
  return fuzzy && fuzzy.score <= 0.1 && context.merchants.includes(fuzzy.item) ? fuzzy.item.name : undefined;
}

function readRecategorize(q: string, matcher: Matcher, context: TurnContext): Plan | undefined {
  const sentence = q.replace(/[?.!]+$/, '').trim();
  const led = RECATEGORIZE.exec(sentence);
  const said = led ? undefined : WAS_CATEGORY.exec(sentence);
  const verb = led?.[1];
  const subjectText = led?.[2] ?? said?.[1];
  const target = (led?.[3] ?? said?.[2])?.replace(FROM_NOW_ON, ' ').trim();
  if (!subjectText || !target) return undefined;
  // '$500 to savings' is money moved, not a category: not a request this reads.
  if (/\$|\d/.test(subjectText)) return undefined;
  const code = categoryOf(target, matcher);
  const subject = subjectText
    .replace(FROM_NOW_ON, ' ')
    .replace(SUBJECT_FILLER, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const merchant = subject ? merchantOf(subject, matcher, context) : undefined;
  const strong = verb !== undefined && CATEGORISING_VERBS.test(verb);
  // 'That blorbco charge was groceries': a category said of charges from a merchant the user does not have.
  const unknownMerchant = said !== undefined && code !== undefined && !merchant && subject !== '';
  // Otherwise a weaker verb ('move', 'count') or 'X was Y' is a request only when both sides are known.
  if (!strong && !unknownMerchant && !(code && merchant)) return undefined;
  if (!code) {
    const from = merchant ? `transactions from ${merchant}` : `"${subject}"`;
    return {
      kind: 'clarify',
      question: `I understood re-categorising ${from}, but not the category "${target}". Which category should they go under, for example groceries, restaurants, transportation or shopping?`,
    };
  }
  const label = categoryLabel(code);
  if (!merchant) {
    const what = subject ? `no merchant of yours is called "${subject}"` : 'not which transactions';
    return {
      kind: 'clarify',
      question: `I understood filing transactions under ${label}, but ${what}. Which merchant do you mean, as it appears in your transactions?`,
    };
  }
  return {
    kind: 'tools',
    reading: { intent: 'search', merchant },
    calls: [
      {
        tool: 'propose_recategorize',
        input: { match: 'merchant', text: merchant, category: code, rule: FROM_NOW_ON.test(q) },
      },
    ],
  };
}

/** The plan for a request to act, or undefined when the question is not one. */
export function readRequestToAct(question: string, context: TurnContext, matcher: Matcher): Plan | undefined {
  // A request to act is one short sentence; a long message is a question (and the patterns stay cheap).
  if (question.length > MAX_REQUEST_LENGTH) return undefined;
  // Lower case and plain quotes only: the question reader's spelling fixes would take 'categorise' for
  // 'categories' (normalize.ts).
  const q = question
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\b(what|that|how|it|where)'?s\b/g, '$1 is')
    .replace(/\/\s?(mo|month)\b/g, ' a month')
    .replace(/\s+/g, ' ')
    .trim();
  return readBudget(q, matcher) ?? readRecategorize(q, matcher, context);
}
