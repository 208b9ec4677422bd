import {
  accountsCompared,
  ambiguousAccount,
  applyNamedAccount,
  dropAccountWithout,
  sameNamed,
} from './account-names.ts';
import { applySubject } from './apply-subject.ts';
import { readNumbers } from './calculators.ts';
import {
  bothPeriodsOf,
  countedLikeBefore,
  listItem,
  mergedShape,
  rememberPeriodBefore,
  rememberSubjectBefore,
  shareOfAnother,
  turnOnEarlier,
  twoNotInReading,
} from './earlier-answers.ts';
import { AGAINST_THE_REST, applyExclusion, readExclusion } from './exclusions.ts';
import { finishReading } from './finish-reading.ts';
import { balanceThroughPeriod, holdingShare } from './holding-shares.ts';
import { refineIntent } from './intent-refine.ts';
import { BACK_REFERENCE, detectIntent, FOLLOW_UP, heldTickers, SPENDING_WORDS, tickers } from './intents.ts';
import { fullMonthsBefore, WHOLE_HISTORY, YEARLY_RATE } from './ledger-plan.ts';
import { leftAfter } from './left-after.ts';
import { normalizeQuestion } from './normalize.ts';
import { declineReason, OUTSIDE_WHAT_I_CAN_READ } from './out-of-scope.ts';
import { nextPeriod, periodShift, previousPeriod, thisMonth } from './periods.ts';
import { pointsBackToNothing } from './points-back.ts';
import type { Parts } from './question-parts.ts';
import { LEDGER_INTENTS, type Plan, type Reading } from './reading.ts';
import {
  balanceWithoutAccount,
  CANNOT_EXCLUDE,
  checkPeriods,
  planLedger,
  pointsToUnknown,
  subjectProblem,
  unsupportedReading,
} from './reading-checks.ts';
import {
  anchorPaycheck,
  applyPeriods,
  applyYearBack,
  questionPeriods,
  wholeMonthsOnly,
  wholeWeeksOfSeries,
  YEAR_BACK,
} from './reading-periods.ts';
import { readRequestToAct } from './requests-to-act.ts';
import { PLAIN_SHAPE, readShape, type Shape } from './shape.ts';
import { readShareWhole } from './share-whole.ts';
import { payerNamed, quotedText } from './text-words.ts';
import { callsFor } from './tool-calls.ts';
import { twoSubjects } from './two-subjects.ts';
import type { Matcher, TurnContext } from './vocabulary.ts';

export { readNumbers } from './calculators.ts';
export type { Intent, Plan, Reading, ToolCall } from './reading.ts';

function readParts(question: string, context: TurnContext, matcher: Matcher): Parts | Plan {
  const normalized = normalizeQuestion(question);
  const anchored = anchorPaycheck(normalized.text, context);
  if (typeof anchored === 'string') return { kind: 'clarify', question: anchored };
  const { q, payday } = anchored;
  const { corrections } = normalized;
  const numbers = readNumbers(q);
  const held = heldTickers(q, context);
  const symbols = [...new Set([...tickers(question), ...held])];
  const declined = declineReason(q, {
    hasRate: numbers.rate !== undefined,
    namesAsset: symbols.length > 0,
    holdsAsset: held.length > 0,
  });
  if (declined) return { kind: 'decline', reason: declined };
  const shape = readShape(q);
  // 'the same month a year before': the period it is said of, then that period a year earlier.
  const yearBack = YEAR_BACK.test(q);
  const periods = wholeMonthsOnly(
    questionPeriods(yearBack ? q.replace(YEAR_BACK, ' ') : q, context.today, payday),
    q,
    context.today,
  );
  // 'did I get dividends from vti': the dividends whose descriptions name the one security asked about.
  const dividendsOf = symbols.length === 1 && /\bdividends?\b/.test(q) ? symbols[0] : undefined;
  const text = quotedText(question) ?? payerNamed(q) ?? dividendsOf;
  // In 'what share of my income went to rent' income is the whole, not what is asked about.
  const shareWhole = shape.statistic === 'share' ? readShareWhole(q, matcher) : undefined;
  // 'what eats up most of my paycheck': the paycheck is where the money comes from, not the subject.
  const part =
    shape.measure === 'spending' && shape.groupBy === 'category'
      ? (shareWhole?.rest ?? q).replace(/\bof (my|the) (paychecks?|salary|pay|income)\b/, ' ')
      : (shareWhole?.rest ?? q);
  // 'my biggest expense besides rent': the subject is read without what is left out; 'rent vs
  // everything else' is rent's share, the rest said beside it.
  const exclusion = text ? undefined : readExclusion(part, matcher);
  if (AGAINST_THE_REST.test(q) && shape.statistic === 'total' && !shape.series) {
    shape.statistic = 'share';
    shape.shaped = true;
  }
  const subjectText = (exclusion?.rest ?? part).replace(AGAINST_THE_REST, ' ');
  const category = text ? undefined : countedBack(matcher.category(subjectText), shape, q);
  const merchant = text ? undefined : matcher.merchant(subjectText);
  const merchantsNamed = matcher.merchantsNamed(subjectText).map((m) => m.name);
  // 'card spend vs checking spend': each account's spending, not one account's.
  const byAccount = accountsCompared(q, SPENDING_WORDS.test(q));
  if (byAccount) {
    shape.groupBy = 'account';
    shape.shaped = true;
  }
  const named = byAccount ? [] : matcher.accounts(q);
  const { intent, investmentIncome, paysOwn } = refineIntent(detectIntent(q), q, {
    shape,
    periods,
    named,
    symbols,
    namesSubject: Boolean(category || merchant || text || exclusion),
    numbers,
  });
  // 'whats my link worth': coins held in a wallet are crypto, not brokerage holdings.
  const coins =
    symbols.length > 0 &&
    symbols.every((t) =>
      context.securities?.some((s) => s.crypto && s.ticker?.toLowerCase() === t.toLowerCase()),
    );
  return {
    q,
    // 'eth across both wallets': the coin in the wallets named, not the wallets' balances.
    intent:
      coins &&
      (intent === 'holdings' ||
        intent === undefined ||
        (intent === 'balances' && named.length > 0 && named.every((a) => a.kind === 'crypto')))
        ? 'crypto'
        : intent,
    shift: periodShift(q),
    periods,
    // 'did my pay go up': the paychecks ('pay' alone names no category: it is also a verb).
    category: category ?? (paysOwn ? matcher.category('paychecks') : undefined),
    merchant,
    merchantsNamed,
    named,
    symbols,
    shape,
    text,
    corrections,
    shareWhole: shareWhole?.whole,
    part: subjectText,
    yearBack,
    investmentIncome,
    exclusion,
  };
}

/**
 * 'what did my investments pay me': the income paid into the investment accounts, by kind (dividends,
 * interest); without investment accounts, dividends and interest wherever they were paid.
 */
function investmentIncome(reading: Reading, context: TurnContext): void {
  const shape = {
    ...(reading.shape ?? PLAIN_SHAPE),
    measure: 'income' as const,
    groupBy: 'category' as const,
  };
  if (context.accounts.some((a) => a.kind === 'investment')) {
    reading.accountKind = 'investment';
    reading.shape = { ...shape, shaped: true };
    delete reading.category;
    return;
  }
  const kinds = context.categories.filter((c) => /^INCOME_(DIVIDENDS|INTEREST)/.test(c.code));
  if (kinds.length === 0) return;
  reading.categories = kinds.map((c) => ({ code: c.code, label: c.label }));
  reading.shape = { ...shape, shaped: true };
  delete reading.category;
}

/**
 * 'how many rides is that' after 'my uber spending': the rides counted are what was just talked about,
 * so the count's noun names no new subject (not the ride-share category).
 */
function countedBack<T extends { phrase: string }>(
  category: T | undefined,
  shape: Shape,
  q: string,
): T | undefined {
  const noun = shape.countNoun?.replace(/s$/, '');
  const pointsBack = /\b(is|was|are|were) (that|those|these|it)\b|\b(in|of) (that|those|them)\b/.test(q);
  return noun && pointsBack && category?.phrase.replace(/s$/, '') === noun ? undefined : category;
}

/** Whether the question is a follow-up of the previous reading, and whether it only reshapes it. */
function followUpOf(parts: Parts, previous: Reading | undefined): { isFollowUp: boolean; reshaped: boolean } {
  const { q, intent, shape, category, merchant, named, periods, shift } = parts;
  if (!previous) return { isFollowUp: false, reshaped: false };
  const short = q.split(/\s+/).length <= 6;
  const ownsNothing = !category && !merchant && named.length === 0 && !parts.text;
  const isFollowUp =
    FOLLOW_UP.test(q) ||
    shift !== undefined ||
    BACK_REFERENCE.test(q) ||
    (!intent && short) ||
    // 'how many times though?', 'and per week?': a short question with a new shape and nothing else.
    (short && shape.shaped && ownsNothing && periods.mentions.length === 0);
  // 'how many times though?' after a spending question: the same subject and period, a new shape.
  const reshaped =
    isFollowUp &&
    LEDGER_INTENTS.has(previous.intent) &&
    (intent === undefined || LEDGER_INTENTS.has(intent)) &&
    shape.shaped &&
    ownsNothing;
  return { isFollowUp, reshaped };
}

/**
 * 'how much of that was in the roth', 'how much of it is on the ledger': the answer just given, counted
 * in one account only (the account's name alone would read as its balance or its holdings).
 */
function narrowsToAccount(parts: Parts, previous: Reading): boolean {
  return (
    parts.named.length > 0 &&
    !parts.category &&
    !parts.merchant &&
    !parts.text &&
    /\b(of|from) (that|it|those|them|this|these)\b.*\b(in|on|at|from|into|through|via)\b/.test(parts.q) &&
    (LEDGER_INTENTS.has(previous.intent) || previous.intent === 'crypto')
  );
}

function startReading(parts: Parts, previous: Reading | undefined, context: TurnContext): Reading | Plan {
  const { isFollowUp, reshaped } = followUpOf(parts, previous);
  const { intent, shift, shape, q } = parts;
  let reading: Reading;
  if (
    isFollowUp &&
    previous &&
    (!intent || intent === previous.intent || shift || reshaped || narrowsToAccount(parts, previous))
  ) {
    reading = { ...previous };
    if (shift && previous.period && !shape.compare && !parts.yearBack) {
      reading.period =
        shift === 'previous'
          ? previousPeriod(previous.period, context.today)
          : nextPeriod(previous.period, context.today);
      delete reading.periods;
    }
    if (reshaped && intent && intent !== 'search') reading.intent = intent;
    // 'whats the most i ever spent on it' after a month's pet supplies: all the history, not that month.
    if (WHOLE_HISTORY.test(q) && parts.periods.mentions.length === 0 && !shift) {
      delete reading.period;
      delete reading.periods;
      delete reading.periodDefaulted;
    }
    if (
      shape.perHint &&
      !shape.series &&
      shape.statistic === 'total' &&
      (!previous.shape || previous.shape.statistic === 'total') &&
      q.split(/\s+/).length <= 7
    )
      // 'so per week that's what?' after a total: the same total as an average per week.
      reading.shape = {
        ...(previous.shape ?? PLAIN_SHAPE),
        statistic: 'average',
        per: shape.perHint,
        shaped: true,
      };
    else if (shape.shaped) reading.shape = countedLikeBefore(mergedShape(previous.shape, shape), previous, q);
    else if (previous.shape?.statistic === 'average' && shape.perHint)
      reading.shape = { ...previous.shape, per: shape.perHint };
    // 'vs q2?': the previous period against the one named now.
    const named = parts.periods.mentions[0];
    if (
      named &&
      previous.period &&
      /^(and |ok |so )?(vs|versus|compared? (that |it |this )?(to|with)|against|than)\b/.test(q)
    ) {
      reading.periods = [previous.period, named.period];
    }
    return reading;
  }
  if (!intent) {
    const about = parts.periods.mentions[0];
    // 'how much', 'compare to before': too few words to say what about, so asked.
    if (about || parts.named.length > 0 || q.split(/\s+/).length <= 3)
      return {
        kind: 'clarify',
        question: `What would you like to know${about ? ` about ${about.period.label}` : ''}? For example your spending, your income or a balance.`,
      };
    return { kind: 'decline', reason: OUTSIDE_WHAT_I_CAN_READ };
  }
  // A follow-up that asks something else keeps the period it was about ('how much of that came
  // from dividends?' after 'and so far this year?').
  // In a thread, a ledger question that names no period keeps the one it was about ('what was my
  // savings rate' after 'what did I earn last month').
  const keepsPeriod =
    previous?.period !== undefined &&
    (isFollowUp ||
      (parts.periods.mentions.length === 0 &&
        LEDGER_INTENTS.has(intent) &&
        LEDGER_INTENTS.has(previous.intent)));
  reading =
    keepsPeriod && previous?.period
      ? { intent, period: previous.period, ...(previous.periodDefaulted ? { periodDefaulted: true } : {}) }
      : { intent };
  // 'which shop do I go to the most' after 'my coffee spending': the shops of what was being discussed.
  if (
    keepsPeriod &&
    previous?.category &&
    shape.groupBy === 'merchant' &&
    !parts.category &&
    !parts.merchant &&
    !parts.text
  )
    reading.category = previous.category;
  if (shape.shaped) reading.shape = shape;
  return reading;
}

/** 'how much can I spend a month', 'what should I budget per week': a budget, not what a month held. */
const BUDGETED =
  /\b(can|could|should|may|might) i (afford to |safely |realistically )?(spend|budget|allow)\b|\bbudget\b/;

/**
 * 'spending per month this year': a total per month over several months is the series by month.
 * 'netflix + spotify per month', 'what do I pay a week for gas' with no period named: a rate, what a
 * month (or week, or day) usually holds, never this month so far.
 */
function seriesPerUnit(reading: Reading, shape: Shape, q: string): void {
  const current = reading.shape ?? shape;
  const unit = shape.perHint;
  if (current.statistic !== 'total' || current.series) return;
  if (!reading.period && !reading.periods && (unit === 'month' || unit === 'week' || unit === 'day')) {
    if (!BUDGETED.test(q)) reading.shape = { ...current, statistic: 'average', per: unit, shaped: true };
    return;
  }
  // 'per day spend since the 1st': what a day of that period held on average.
  if (unit === 'day' && reading.period && !reading.periods) {
    reading.shape = { ...current, statistic: 'average', per: 'day', shaped: true };
    return;
  }
  if (unit !== 'month' && unit !== 'week') return;
  const period = reading.period;
  if (!period || reading.periods) return;
  const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000 + 1;
  const several = unit === 'month' ? period.start.slice(0, 7) !== period.end.slice(0, 7) : days > 7;
  if (several) reading.shape = { ...current, series: unit, shaped: true };
}

export function understand(
  question: string,
  context: TurnContext,
  matcher: Matcher,
  previous: Reading | undefined,
  deep: boolean,
): Plan {
  // Requests to act ('set a $400 dining budget') before any question about figures.
  const act = readRequestToAct(question, context, matcher);
  if (act) return act;
  const parts = readParts(question, context, matcher);
  if ('kind' in parts) return parts;
  const { q, category, merchant, named, symbols } = parts;
  const unclear = pointsBackToNothing(parts, previous);
  if (unclear) return unclear;
  // 'per month?' after 'gas this year' was asked back: still no subject, so still asked.
  if (previous?.unresolved && !category && !merchant && !parts.text && q.split(/\s+/).length <= 5)
    return { kind: 'clarify', question: previous.unresolved, reading: previous };
  // 'how many times did I go to the first one': an item of the previous answer's list, named, or
  // asked back when the list is not known.
  const ordinal =
    previous && !category && !merchant && named.length === 0 ? listItem(q, previous) : undefined;
  if (ordinal) {
    if (ordinal.name)
      return understand(
        q.replace(ordinal.words, ordinal.name.toLowerCase()),
        context,
        matcher,
        previous,
        deep,
      );
    return {
      kind: 'clarify',
      question: 'Which one do you mean? Name it, for example "how many times did I go to Starbucks".',
    };
  }
  const together = twoSubjects(parts, previous, context, deep);
  if (together) return together;
  // 'avg of those 2' after 'last month' and 'the month before that?': both months together.
  // A question naming its own periods ('which was more, oct or sept') reads them, not the earlier ones.
  const bothPeriods =
    previous && parts.periods.mentions.length === 0 ? bothPeriodsOf(q, previous) : undefined;
  const namesOwn = Boolean(category || merchant) || parts.periods.mentions.length > 0;
  // 'and of my income?', 'why is it so different', 'which one was highest': about the answer just given.
  const earlier = previous ? (shareOfAnother(q, previous) ?? turnOnEarlier(q, previous)) : undefined;
  const earlierCalls = earlier && (planLedger(earlier, q, context, deep) ?? callsFor(earlier, context, deep));
  if (earlier && earlierCalls && typeof earlierCalls !== 'string')
    return { kind: 'tools', reading: earlier, calls: earlierCalls };
  const twoUnknown = bothPeriods || namesOwn ? undefined : twoNotInReading(q, previous);
  if (twoUnknown) return twoUnknown;
  // 'whats the difference between the two' after two periods in turn: the reading before, over both.
  const started =
    bothPeriods && 'periods' in bothPeriods && !parts.intent && previous
      ? { ...previous }
      : startReading(parts, previous, context);
  if ('kind' in started) return started;
  const reading = started;
  const unsupported = unsupportedReading(
    q,
    reading.intent,
    context,
    parts.exclusion !== undefined || AGAINST_THE_REST.test(q),
  );
  if (unsupported) return { kind: 'clarify', question: unsupported, reading };
  const periodProblem = checkPeriods(
    parts.periods,
    reading.intent,
    context,
    q,
    parts.named.length > 0 || Boolean(reading.namedAccount),
  );
  if (periodProblem) return { kind: 'clarify', question: periodProblem, reading };
  if (parts.yearBack) applyYearBack(reading, parts, context);
  else applyPeriods(reading, parts, context);
  applySubject(reading, parts, matcher);
  // 'how much of last months pay was left after rent': the pay less the rent, one net figure.
  const left = leftAfter(q, matcher);
  if (left && 'clarify' in left) return { kind: 'clarify', question: left.clarify, reading };
  if (left) {
    Object.assign(reading, left);
    delete reading.category;
    delete reading.merchant;
  }
  if (bothPeriods && 'periods' in bothPeriods) reading.periods = bothPeriods.periods;
  else if (bothPeriods) {
    reading.period = bothPeriods.period;
    delete reading.periods;
  }
  applyExclusion(reading, parts.exclusion, Boolean(parts.category || parts.merchant || parts.text));
  dropAccountWithout(reading, named.length);
  if (parts.investmentIncome && reading.intent === 'income') investmentIncome(reading, context);
  seriesPerUnit(reading, parts.shape, q);
  wholeWeeksOfSeries(reading, parts, context.today);
  const ambiguous = reading.shape?.groupBy === 'account' ? undefined : ambiguousAccount(q, matcher.accounts);
  // Two accounts of one name at different institutions: what each is worth, side by side, not a question.
  const twins =
    ambiguous !== undefined &&
    sameNamed(ambiguous) &&
    ['balances', 'net_worth', 'holdings'].includes(reading.intent);
  if (twins) reading.intent = 'balances';
  else if (ambiguous) {
    const names = ambiguous.map((a) => a.name);
    return {
      kind: 'clarify',
      question: `You have ${names.length} accounts that could match: ${names.slice(0, -1).join(', ')} and ${names.at(-1)}. Which one do you mean?`,
      reading,
    };
  }
  applyNamedAccount(reading, twins ? ambiguous : named, q, previous);
  const unknownReference = pointsToUnknown(q, reading, {
    named: parts.named.length > 0,
    periods: parts.periods.mentions.length,
    subject: Boolean(parts.merchant || parts.category || parts.text),
    previous,
  });
  if (unknownReference) return { kind: 'clarify', question: unknownReference, reading };
  finishReading(reading, q, symbols, twins ? ambiguous : named, previous);
  const throughPeriod = balanceThroughPeriod(reading, q);
  if (throughPeriod) return { kind: 'clarify', question: throughPeriod, reading };
  const share = holdingShare(reading, q, named.length, symbols, previous?.intent === 'net_worth');
  if (share?.kind === 'unsupported') return { kind: 'clarify', question: share.question, reading };
  if (share?.kind === 'type') {
    reading.intent = 'net_worth';
    reading.focus = [share.type];
  }
  const whichBalance = balanceWithoutAccount(reading, context);
  if (whichBalance) return { kind: 'clarify', question: whichBalance, reading };
  rememberSubjectBefore(reading, previous);
  rememberPeriodBefore(reading, previous);
  // A period named now, or moved to, is no longer the one chosen for the question before.
  if (reading.period !== previous?.period) delete reading.periodDefaulted;
  delete reading.unresolved;
  if (parts.corrections.length > 0) reading.corrections = parts.corrections;
  else delete reading.corrections;
  if (LEDGER_INTENTS.has(reading.intent)) {
    const unknown = subjectProblem(
      q,
      reading,
      parts.periods,
      parts.shareWhole?.kind === 'income',
      matcher.categoryNotHeld,
    );
    if (unknown) return { kind: 'clarify', question: unknown, reading: { ...reading, unresolved: unknown } };
    const ledger = planLedger(reading, q, context, deep);
    if (ledger) return { kind: 'tools', reading, calls: ledger };
  }
  // Only the ledger query leaves a part out: any other answer would count it.
  if (reading.excluded) return { kind: 'clarify', question: CANNOT_EXCLUDE, reading };
  if (!reading.period && !reading.periods && DEFAULTED_INTENTS(reading.intent)) {
    const first = context.history?.first;
    reading.period = YEARLY_RATE.test(q)
      ? fullMonthsBefore(context.today, 12)
      : WHOLE_HISTORY.test(q) && first
        ? { start: first, end: context.today, label: 'all your linked history', unit: 'days' }
        : thisMonth(context.today);
    reading.periodDefaulted = true;
  }
  const calls = callsFor(reading, context, deep);
  if (typeof calls === 'string') return { kind: 'clarify', question: calls, reading };
  return { kind: 'tools', reading, calls };
}

/** The intents answered over this month so far when no period is named. */
const DEFAULTED_INTENTS = (intent: Reading['intent']) => LEDGER_INTENTS.has(intent) && intent !== 'search';
