// The agent's evaluation: the real app in process (PGlite in memory, sandbox upstreams), one user who
// links a sandbox bank, a SnapTrade brokerage and four wallets as the web app does, then every question
// of each set through POST /agent/chat (sealed body, the user's bearer token; a new thread per
// question, follow-ups in the same thread), each answer checked against expected.ts over the vendors'
// raw records. The sets: the tuning set (questions.ts, asserted at 100% by eval.test.ts), the backlog,
// and the three sealed held-out sets (held-out/, held-out-2/ and held-out-3/questions.ts, measured only;
// see their README.md). `npm run eval` runs them all and prints, per set, accuracy per category and every
// failure, then the confidently-wrong answers of all (a figure stated for another reading); exit code 1
// on any tuning failure or any turn that got no answer. `npm run eval -- --held-out` runs the first
// held-out set only, `--held-out-2` the second only, `--held-out-3` the third only, `--tuning` the
// tuning set only; `npm run eval -- spending calculator-mortgage` runs the questions whose category or
// id contains a word; `npm run eval -- --expected [words]` prints what each question must answer
// today, without asking.
// Environment: AGENT_* (the model behind the agent, see the server's config), EVAL_MODEL (the request's
// `model`, e.g. grok-4 for Deep Thinking).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ChatRequest,
  type ChatResponse,
  chatResponseSchema,
  chatStreamEventSchema,
  getCredentialsResponseSchema,
  publicConfigSchema,
} from '@penny/contracts';
import { sealBody } from '@penny/contracts/envelope-seal';
import { createTestApp, type SignedUpUser, type TestApp } from '@penny/server/testing';
import { EVAL_BANK, EVAL_BROKER, EVAL_WALLETS } from './fixture.ts';
import {
  HELD_OUT_CATEGORIES,
  HELD_OUT_QUESTIONS,
  type HeldOutCategory,
  type HeldOutQuestion,
} from './held-out/questions.ts';
import {
  HELD_OUT_2_CATEGORIES,
  HELD_OUT_2_QUESTIONS,
  type HeldOut2Category,
  type HeldOut2Question,
} from './held-out-2/questions.ts';
import {
  HELD_OUT_3_CATEGORIES,
  HELD_OUT_3_QUESTIONS,
  type HeldOut3Category,
  type HeldOut3Question,
} from './held-out-3/questions.ts';
import { CATEGORIES, type Category, type Expect, QUESTIONS, type Question } from './questions.ts';
import { type RawData, readRawData } from './raw-data.ts';
import { BACKLOG_QUESTIONS } from './tuning-reading.ts';

/**
 * The tuning set (asserted), the backlog (tuning questions the analyst does not answer right yet:
 * measured and read, not asserted, moved into the tuning set when they pass) and the three sealed held-out
 * sets (measured).
 */
export type EvalSet = 'tuning' | 'backlog' | 'held-out' | 'held-out-2' | 'held-out-3';
export const EVAL_SETS: readonly EvalSet[] = ['tuning', 'backlog', 'held-out', 'held-out-2', 'held-out-3'];

type AnyQuestion = Question | HeldOutQuestion | HeldOut2Question | HeldOut3Question;
export type AnyCategory = Category | HeldOutCategory | HeldOut2Category | HeldOut3Category;

const SET_QUESTIONS: Record<EvalSet, readonly AnyQuestion[]> = {
  tuning: QUESTIONS,
  backlog: BACKLOG_QUESTIONS,
  'held-out': HELD_OUT_QUESTIONS,
  'held-out-2': HELD_OUT_2_QUESTIONS,
  'held-out-3': HELD_OUT_3_QUESTIONS,
};
const SET_CATEGORIES: Record<EvalSet, readonly AnyCategory[]> = {
  tuning: CATEGORIES,
  backlog: CATEGORIES,
  'held-out': HELD_OUT_CATEGORIES,
  'held-out-2': HELD_OUT_2_CATEGORIES,
  'held-out-3': HELD_OUT_3_CATEGORIES,
};

export type TurnResult = {
  set: EvalSet;
  questionId: string;
  category: AnyCategory;
  /** 1-based turn number within the question's thread. */
  turn: number;
  ask: string;
  expected: string;
  passed: boolean;
  /** The turn's status, or null when no answer came back. */
  status: string | null;
  answer: string;
  /** What went wrong outside the answer itself (HTTP error, broken stream, expected value not computable). */
  error: string | null;
  /** Failed while stating a figure (not an ask-back or decline): see isConfidentlyWrong. */
  confidentlyWrong: boolean;
  ms: number;
};

export type CategoryScore = { turns: number; passed: number; confidentlyWrong: number };

export type EvalReport = {
  set: EvalSet;
  /** The UTC day the run's "today" was (raw records read, questions asked). */
  today: string;
  questions: number;
  turns: number;
  passed: number;
  /** The set's categories, in order, each with its score. */
  byCategory: Partial<Record<AnyCategory, CategoryScore>>;
  results: TurnResult[];
  failures: TurnResult[];
  /** The failures that stated a figure: a confident answer to another reading of the question. */
  confidentlyWrong: TurnResult[];
  /** Anything that makes the run less trustworthy (the UTC day changed during it, ...). */
  warnings: string[];
  durationMs: number;
};

export type EvalOptions = {
  /** The set to run (runEval; default the tuning set). */
  set?: EvalSet;
  /** Run only questions whose id or category contains one of these words. */
  only?: readonly string[];
  /** Extra environment for the app (defaults: AGENT_* from this process, no chat rate limit). */
  env?: Record<string, string>;
  /** The request's `model` (e.g. 'grok-4'); the server's default when absent. */
  model?: string;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
};

// ---------------------------------------------------------------------------------------------------
// Checking one answer

export function describeExpectation(expect: Expect, raw: RawData): string {
  switch (expect.kind) {
    case 'amounts': {
      const mentions = expect.mentions?.(raw) ?? [];
      return [...expect.values(raw), ...mentions.map((word) => `"${word}"`)].join(', ');
    }
    case 'percent':
      return `${expect.value(raw).toFixed(1)}%`;
    case 'count':
      return `${expect.value(raw)} ${expect.unit}`;
    case 'clarification':
      return 'status clarification_needed';
    case 'out_of_scope':
      return 'status out_of_scope';
    case 'tally':
      return `${expect.value(raw)} ${expect.units.slice(0, 3).join('/')}${expect.units.length > 3 ? '/…' : ''}`;
    case 'any':
      return `one of: ${[...new Set(alternativesOf(expect).map((alternative) => describeComputable(alternative, raw)))].join(' | ')}`;
    case 'declines':
      return expect.orSays
        ? `declines or asks back, or a completed answer with no amount matching ${expect.orSays}`
        : 'declines or asks back (status out_of_scope or clarification_needed)';
  }
}

/** One alternative described, or said to be not computable on this data. */
function describeComputable(expect: Expect, raw: RawData): string {
  try {
    return describeExpectation(expect, raw);
  } catch {
    return '(not computable here)';
  }
}

/** An 'any' expectation's alternatives, nested ones flattened. */
const alternativesOf = (expect: Expect): Expect[] =>
  expect.kind === 'any' ? expect.of.flatMap(alternativesOf) : [expect];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** '$1,234.56' as written (not inside '$1,234.567'; the '$' keeps '$11,234.56' from matching). */
export function containsAmount(text: string, amount: string): boolean {
  return new RegExp(`${escapeRegExp(amount)}(?![0-9])`).test(text);
}

/** A percentage in the text equal to `expected` at the precision it is printed with (sign aside). */
export function containsPercent(text: string, expected: number): boolean {
  for (const match of text.matchAll(/(-?\d+(?:\.(\d+))?)\s?%/g)) {
    const printed = Math.abs(Number(match[1]));
    const places = match[2]?.length ?? 0;
    if (Math.abs(printed - Math.abs(expected)) <= 0.5 * 10 ** -places + 1e-9) return true;
  }
  return false;
}

export function containsCount(text: string, count: number, unit: string): boolean {
  return new RegExp(`(^|[^0-9.,])${count}\\s+${escapeRegExp(unit)}`, 'i').test(text);
}

/** The count before one of the units, up to three words between ('14 Starbucks purchases'); not '$14'. */
export function containsTally(text: string, count: number, units: readonly string[]): boolean {
  const unit = units.map(escapeRegExp).join('|');
  return new RegExp(`(^|[^0-9.,$])${count}\\s+(?:[^\\s0-9]+\\s+){0,3}(?:${unit})`, 'i').test(text);
}

/** A money amount as Penny or a person writes one: '$12', '$ 1,234.56', '12.50 USD', '40 dollars'. */
export function containsMoney(text: string): boolean {
  return /\$\s?\d|\b\d[\d,]*(?:\.\d+)?\s?(?:usd|dollars?)\b/i.test(text);
}

/** Units a stated count of things comes in (singular; the plural matches too). */
const COUNTED =
  'transaction|purchase|time|charge|visit|order|ride|trip|payment|paycheck|deposit|run|holding|position|share|account|merchant|categor';

/** Whether the text states a figure: a money amount, a percentage or a count of things. */
export function statesFigure(text: string): boolean {
  return (
    containsMoney(text) ||
    /\d\s?%/.test(text) ||
    new RegExp(`(^|[^0-9.,$])\\d+\\s+(?:[^\\s0-9]+\\s+){0,3}(?:${COUNTED})`, 'i').test(text)
  );
}

/** Words that say a count is zero ("you didn't take any rides"). */
const NONE = /\b(?:no|none|zero|never|not any|didn't|did not|haven't|have not)\b/i;

const DECLINING = new Set(['clarification_needed', 'out_of_scope']);

/**
 * A failed turn is confidently wrong when it came back neither asking back nor declining and its
 * answer states a figure: a figure for a reading other than the question's. Every other failure is an
 * honest miss (an ask-back, a decline, no answer at all).
 */
export function isConfidentlyWrong(turn: {
  passed: boolean;
  status: string | null;
  answer: string;
}): boolean {
  return !turn.passed && turn.status !== null && !DECLINING.has(turn.status) && statesFigure(turn.answer);
}

/** Whether the answer is right: status first, then the figures in its text. */
export function checkAnswer(
  expect: Expect,
  raw: RawData,
  answer: { status: string; answer: string },
): boolean {
  switch (expect.kind) {
    case 'clarification':
      return answer.status === 'clarification_needed';
    case 'out_of_scope':
      return answer.status === 'out_of_scope';
    case 'amounts': {
      if (answer.status !== 'completed') return false;
      const text = answer.answer.toLowerCase();
      return (
        expect.values(raw).every((amount) => containsAmount(answer.answer, amount)) &&
        (expect.mentions?.(raw) ?? []).every((word) => text.includes(word.toLowerCase()))
      );
    }
    case 'percent':
      return answer.status === 'completed' && containsPercent(answer.answer, expect.value(raw));
    case 'count':
      return answer.status === 'completed' && containsCount(answer.answer, expect.value(raw), expect.unit);
    case 'tally': {
      if (answer.status !== 'completed') return false;
      const count = expect.value(raw);
      return (
        containsTally(answer.answer, count, expect.units) ||
        (count === 0 && !statesFigure(answer.answer) && NONE.test(answer.answer))
      );
    }
    case 'any': {
      // A reading whose figure cannot be computed on this user's data (an average over no purchases
      // this month) is no reading of it: the others still count. Only when none can be computed does
      // the turn fail as not computable.
      const errors: unknown[] = [];
      for (const alternative of expect.of) {
        try {
          if (checkAnswer(alternative, raw, answer)) return true;
        } catch (error) {
          errors.push(error);
        }
      }
      if (errors.length > 0 && errors.length === expect.of.length) throw errors[0];
      return false;
    }
    case 'declines':
      if (DECLINING.has(answer.status)) return true;
      return (
        expect.orSays !== undefined &&
        answer.status === 'completed' &&
        !containsMoney(answer.answer) &&
        expect.orSays.test(answer.answer)
      );
  }
}

// ---------------------------------------------------------------------------------------------------
// The user and their linked accounts, as the web app makes them

type Client = Awaited<ReturnType<typeof userClient>>;

async function userClient(t: TestApp, user: SignedUpUser) {
  const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
  const names = {
    username: user.user.username,
    firstName: user.user.firstName,
    lastName: user.user.lastName,
  };

  async function readJson<T>(response: Response, what: string): Promise<T> {
    const text = await response.text();
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  return {
    names,
    /** What the browser sends to a sandbox stand-in page (Link, the portal): the session cookie, our Origin. */
    browser: { cookie: user.cookie, origin: t.config.publicUrl },
    /** A sealed POST to /db or /agent with the bearer token, as the web app's request wrapper sends it. */
    sealedPost(requestPath: string, body: unknown, headers: Record<string, string> = {}) {
      return Promise.resolve(
        t.app.request(requestPath, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${user.token}`,
            'content-type': 'application/json',
            'x-encrypted': '1',
            ...headers,
          },
          body: JSON.stringify(
            sealBody({ serverPublicKey: config.boxPublicKey, method: 'POST', path: requestPath, body }),
          ),
        }),
      );
    },
    /** A /connect/api form POST with the session cookie and our Origin (no Authorization header). */
    async connect<T>(requestPath: string, fields: Record<string, string> = {}): Promise<T> {
      const response = await t.app.request(`/connect/api${requestPath}`, {
        method: 'POST',
        headers: {
          cookie: user.cookie,
          origin: t.config.publicUrl,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ ...names, ...fields }).toString(),
      });
      return readJson<T>(response, `/connect/api${requestPath}`);
    },
    async get<T>(requestPath: string): Promise<T> {
      const response = await t.app.request(`${requestPath}?${new URLSearchParams(names)}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return readJson<T>(response, requestPath);
    },
    readJson,
  };
}

async function linkAccounts(t: TestApp, client: Client): Promise<void> {
  // A bank: link token, the sandbox Link stand-in's public token, the exchange.
  const { link_token } = await client.connect<{ link_token: string }>('/create_link_token');
  const link = await client.readJson<{ public_token: string }>(
    await t.app.request('/sandbox/plaid/link/public_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...client.browser },
      body: JSON.stringify({
        link_token,
        institution_id: EVAL_BANK.institutionId,
        username: 'user_good',
        password: 'pass_good',
      }),
    }),
    'Plaid Link stand-in',
  );
  await client.connect('/set_access_token', { public_token: link.public_token });

  // A brokerage: the SnapTrade user, the portal stand-in, the connection.
  await client.connect('/snaptrade/generate_user');
  const { redirectURI } = await client.connect<{ redirectURI: string }>('/snaptrade/get_login_uri');
  const portal = new URL(redirectURI);
  const submitted = await t.app.request(portal.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...client.browser },
    body: new URLSearchParams({
      token: portal.searchParams.get('token') ?? '',
      broker: EVAL_BROKER.slug,
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    }).toString(),
  });
  const back = new URL(submitted.headers.get('location') ?? 'http://invalid/');
  const connectionId = back.searchParams.get('connection_id');
  if (!connectionId) throw new Error(`the SnapTrade portal did not connect: HTTP ${submitted.status}`);
  await client.connect('/snaptrade/store_connection', { connection_id: connectionId });

  // Wallets: the address only.
  for (const wallet of EVAL_WALLETS) {
    const response = await client.sealedPost('/db/store-credentials', {
      ...client.names,
      account_name: wallet.accountName,
      credentials: {
        chain: wallet.chain,
        account_id: wallet.address,
        item_id: client.names.username,
        tag: wallet.tag,
      },
    });
    await client.readJson(response, `store ${wallet.accountName}`);
  }

  await t.services.sync.settled();
  const credentials = getCredentialsResponseSchema.parse(await client.get('/db/get-credentials'));
  const notActive = Object.values(credentials.accounts).filter((entry) => entry.status !== 'active');
  if (notActive.length > 0 || Object.keys(credentials.accounts).length !== 2 + EVAL_WALLETS.length)
    throw new Error(
      `linked accounts not ready: ${Object.values(credentials.accounts)
        .map((entry) => `${entry.account_name}=${entry.status} ${entry.status_detail ?? ''}`)
        .join(', ')}`,
    );
}

// ---------------------------------------------------------------------------------------------------
// Asking

const suffix = () => randomBytes(4).toString('hex');

/** One turn through POST /agent/chat, read as the web app reads it (stream or JSON). */
export async function ask(
  client: Client,
  request: ChatRequest,
): Promise<{ response: ChatResponse | null; error: string | null }> {
  const answer = await client.sealedPost('/agent/chat', request, {
    accept: 'text/event-stream, application/json;q=0.9',
  });
  const text = await answer.text();
  if (!answer.ok) return { response: null, error: `HTTP ${answer.status} ${text.slice(0, 300)}` };
  if (!(answer.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const parsed = chatResponseSchema.safeParse(safeJson(text));
    return parsed.success
      ? { response: parsed.data, error: null }
      : { response: null, error: `answer off the contract: ${text.slice(0, 300)}` };
  }
  let data: string[] = [];
  const events: unknown[] = [];
  for (const line of [...text.split(/\r\n|\r|\n/), '']) {
    if (line === '') {
      if (data.length > 0) events.push(safeJson(data.join('\n')));
      data = [];
    } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  for (const raw of events) {
    const event = chatStreamEventSchema.safeParse(raw);
    if (!event.success)
      return { response: null, error: `stream event off the contract: ${JSON.stringify(raw)}` };
    if (event.data.type === 'error')
      return { response: null, error: `${event.data.code}: ${event.data.error}` };
    if (event.data.type === 'result') return { response: event.data.result, error: null };
  }
  return { response: null, error: 'the stream ended without a result' };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function agentEnvironment(): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && key.startsWith('AGENT_')) passed[key] = value;
  return passed;
}

export function selectQuestions(only: readonly string[] = [], set: EvalSet = 'tuning'): AnyQuestion[] {
  return SET_QUESTIONS[set].filter(
    (question) =>
      only.length === 0 ||
      only.some((word) => question.id.includes(word) || question.category.includes(word)),
  );
}

/** The app, the eval user with every account linked and synced, and the vendors' raw records for it. */
export async function prepareEval(options: Pick<EvalOptions, 'env' | 'log'> = {}) {
  const log = options.log ?? (() => {});
  const t = await createTestApp({
    listen: true,
    env: { LOG_LEVEL: 'warn', CHAT_MAX_PER_MINUTE: '100000', ...agentEnvironment(), ...options.env },
  });
  try {
    const user = await t.signUpVerifiedUser();
    const client = await userClient(t, user);
    log('Linking a sandbox bank, a brokerage and four wallets...');
    await linkAccounts(t, client);
    if (!t.origin) throw new Error('the test app does not listen');
    if (!t.sandboxKeys) throw new Error('the test app has no sandbox');
    const raw = await readRawData({
      origin: t.origin,
      plaidKeys: t.sandboxKeys.plaid,
      database: t.database.db,
      userId: user.user.id,
      wallets: [...EVAL_WALLETS],
    });
    return { app: t, client, raw, close: () => t.close() };
  } catch (error) {
    await t.close();
    throw error;
  }
}

/** Runs one set (default the tuning set). */
export async function runEval(options: EvalOptions = {}): Promise<EvalReport> {
  const [report] = await runEvals({ ...options, sets: [options.set ?? 'tuning'] });
  if (!report) throw new Error(`no question matches ${options.only?.join(', ')}`);
  return report;
}

/**
 * Runs several sets against one app and one user (the same raw records): a report per set that has a
 * question matching `only`, in the order given.
 */
export async function runEvals(
  options: Omit<EvalOptions, 'set'> & { sets?: readonly EvalSet[] } = {},
): Promise<EvalReport[]> {
  const log = options.log ?? (() => {});
  const chosen = (options.sets ?? EVAL_SETS)
    .map((set) => ({ set, questions: selectQuestions(options.only, set) }))
    .filter((entry) => entry.questions.length > 0);
  if (chosen.length === 0) throw new Error(`no question matches ${options.only?.join(', ')}`);
  const { client, raw, close } = await prepareEval(options);
  try {
    const reports: EvalReport[] = [];
    for (const { set, questions } of chosen) {
      const started = Date.now();
      log(`Today is ${raw.today}. Asking the ${set} set's ${questions.length} questions...`);
      const results = await askAll(client, raw, set, questions, options);
      reports.push(report(set, raw.today, questions.length, results, Date.now() - started));
    }
    return reports;
  } finally {
    await close();
  }
}

async function askAll(
  client: Client,
  raw: RawData,
  set: EvalSet,
  questions: readonly AnyQuestion[],
  options: Pick<EvalOptions, 'model' | 'log'>,
): Promise<TurnResult[]> {
  const log = options.log ?? (() => {});
  const results: TurnResult[] = [];
  for (const question of questions) {
    const threadId = `thread-${Date.now()}-${suffix()}`;
    for (const [index, turn] of question.turns.entries()) {
      const turnStarted = Date.now();
      const message = typeof turn.ask === 'function' ? turn.ask(raw) : turn.ask;
      let expected = '(not computable)';
      let expectedError: string | null = null;
      try {
        expected = describeExpectation(turn.expect, raw);
      } catch (error) {
        expectedError = `the expected value could not be computed: ${String(error)}`;
      }
      const request: ChatRequest = {
        message,
        thread_id: threadId,
        query_id: `query-${Date.now()}-${suffix()}`,
        user_info: client.names,
        ...(options.model ? { model: options.model } : {}),
      };
      // Asked even when the expectation failed, so a thread's later turns keep their context.
      const { response, error } = await ask(client, request);
      const entry = result(set, question, index, message, expected, response, expectedError ?? error);
      entry.passed = expectedError === null && response !== null && checkAnswer(turn.expect, raw, response);
      entry.confidentlyWrong = isConfidentlyWrong(entry);
      entry.ms = Date.now() - turnStarted;
      results.push(entry);
      log(`${entry.passed ? 'PASS' : 'FAIL'} ${question.id}#${index + 1} (${entry.ms} ms)`);
    }
  }
  return results;
}

function report(
  set: EvalSet,
  today: string,
  questions: number,
  results: TurnResult[],
  durationMs: number,
): EvalReport {
  const warnings: string[] = [];
  const endDay = new Date().toISOString().slice(0, 10);
  if (endDay !== today)
    warnings.push(`The UTC day changed during the run (${today} -> ${endDay}): dated answers may differ.`);
  const byCategory: Partial<Record<AnyCategory, CategoryScore>> = {};
  for (const category of SET_CATEGORIES[set]) {
    const mine = results.filter((entry) => entry.category === category);
    byCategory[category] = {
      turns: mine.length,
      passed: mine.filter((entry) => entry.passed).length,
      confidentlyWrong: mine.filter((entry) => !entry.passed && entry.confidentlyWrong).length,
    };
  }
  const failures = results.filter((entry) => !entry.passed);
  return {
    set,
    today,
    questions,
    turns: results.length,
    passed: results.length - failures.length,
    byCategory,
    results,
    failures,
    confidentlyWrong: failures.filter((entry) => entry.confidentlyWrong),
    warnings,
    durationMs,
  };
}

function result(
  set: EvalSet,
  question: AnyQuestion,
  index: number,
  ask: string,
  expected: string,
  response: ChatResponse | null,
  error: string | null,
): TurnResult {
  return {
    set,
    questionId: question.id,
    category: question.category,
    turn: index + 1,
    ask,
    expected,
    passed: false,
    status: response?.status ?? null,
    answer: response?.answer ?? '',
    error,
    confidentlyWrong: false,
    ms: 0,
  };
}

// ---------------------------------------------------------------------------------------------------
// The report

const percent = (passed: number, total: number) =>
  total === 0 ? '-' : `${((passed / total) * 100).toFixed(1)}%`;

const SET_TITLES: Record<EvalSet, string> = {
  tuning: 'tuning set (questions.ts, asserted)',
  backlog: 'backlog (tuning-typed-3.ts to tuning-typed-13.ts, measured, not yet asserted)',
  'held-out': 'held-out set (held-out/, sealed, measured)',
  'held-out-2': 'second held-out set (held-out-2/, sealed, measured)',
  'held-out-3': 'third held-out set (held-out-3/, sealed, measured)',
};

export function describeFailure(failure: TurnResult): string {
  const got = failure.error
    ? failure.error
    : `status ${failure.status}: ${JSON.stringify(failure.answer.length > 600 ? `${failure.answer.slice(0, 600)}…` : failure.answer)}`;
  return `[${failure.questionId}#${failure.turn}] ${failure.ask}\n    expected: ${failure.expected}\n    got: ${got}`;
}

/** One confidently-wrong answer: the question, the answer's first line, what was expected. */
export function describeConfidentlyWrong(turn: TurnResult): string {
  const firstLine = turn.answer.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return `[${turn.set} ${turn.questionId}#${turn.turn}] ${turn.ask}\n    answered: ${firstLine.trim()}\n    expected: ${turn.expected}`;
}

export function formatReport(report: EvalReport): string {
  const honest = report.failures.length - report.confidentlyWrong.length;
  const lines = [
    `Penny agent evaluation, ${SET_TITLES[report.set]}, today ${report.today}: ${report.questions} questions, ${report.turns} turns, ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    `${'category'.padEnd(16)} ${'right'.padStart(7)}  accuracy  confidently wrong`,
  ];
  for (const category of SET_CATEGORIES[report.set]) {
    const score = report.byCategory[category];
    if (!score || score.turns === 0) continue;
    lines.push(
      `${category.padEnd(16)} ${`${score.passed}/${score.turns}`.padStart(7)}  ${percent(score.passed, score.turns).padStart(8)}  ${score.confidentlyWrong}`,
    );
  }
  lines.push(
    `${'all'.padEnd(16)} ${`${report.passed}/${report.turns}`.padStart(7)}  ${percent(report.passed, report.turns)}`,
    `misses: ${report.failures.length} (confidently wrong ${report.confidentlyWrong.length}, honest ${honest})`,
  );
  for (const warning of report.warnings) lines.push('', `Warning: ${warning}`);
  if (report.failures.length > 0) {
    lines.push('', `Failures (${report.failures.length}):`);
    for (const failure of report.failures) lines.push(describeFailure(failure));
  }
  return lines.join('\n');
}

/** Every set's report, then the confidently-wrong answers of all of them. */
export function formatRun(reports: readonly EvalReport[]): string {
  const wrong = reports.flatMap((entry) => entry.confidentlyWrong);
  const sections = reports.map(formatReport);
  sections.push(
    [
      `Confidently wrong (${wrong.length}): a figure stated for another reading of the question`,
      ...wrong.map(describeConfidentlyWrong),
    ].join('\n'),
  );
  return sections.join(`\n\n${'='.repeat(100)}\n\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const only = args.filter((arg) => !arg.startsWith('--'));
  const sets: EvalSet[] = args.includes('--held-out')
    ? ['held-out']
    : args.includes('--held-out-2')
      ? ['held-out-2']
      : args.includes('--held-out-3')
        ? ['held-out-3']
        : args.includes('--tuning')
          ? ['tuning']
          : args.includes('--backlog')
            ? ['backlog']
            : [...EVAL_SETS];
  if (args.includes('--expected')) {
    // The expectations only, without asking the agent: what each question must answer today.
    const { raw, close } = await prepareEval({ log: (line) => console.log(line) });
    try {
      console.log(`Today is ${raw.today}.`);
      for (const set of sets)
        for (const question of selectQuestions(only, set))
          for (const [index, turn] of question.turns.entries()) {
            const message = typeof turn.ask === 'function' ? turn.ask(raw) : turn.ask;
            let expected: string;
            try {
              expected = describeExpectation(turn.expect, raw);
            } catch (error) {
              expected = `(not computable: ${String(error)})`;
            }
            console.log(`[${set} ${question.id}#${index + 1}] ${message}\n    expected: ${expected}`);
          }
    } finally {
      await close();
    }
  } else {
    const reports = await runEvals({
      only,
      sets,
      ...(process.env.EVAL_MODEL ? { model: process.env.EVAL_MODEL } : {}),
      log: (line) => console.log(line),
    });
    console.log(`\n${formatRun(reports)}`);
    // The held-out sets are measured, not asserted: only the tuning set's misses and lost answers fail.
    const failed = reports.some(
      (entry) =>
        (entry.set === 'tuning' && entry.failures.length > 0) ||
        entry.results.some((turn) => turn.status === null),
    );
    process.exitCode = failed ? 1 : 0;
  }
}
