import type { DslObject } from '@penny/contracts';

/**
 * Every block type and edge case of the visualization DSL, for the /gallery page, the browser tests and
 * the render bench. Deterministic: no randomness, no clock.
 */

export type GalleryFixture = {
  /** `data-testid="gallery-<name>"` on the page. */
  name: string;
  /** What the fixture shows (the gallery's section heading). */
  label: string;
  objects: DslObject[];
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A deterministic pseudo-random sequence (mulberry32), so fixtures are the same on every run. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MERCHANTS = [
  'Whole Foods',
  'Shell',
  'Netflix',
  'Amazon',
  'Uber',
  'Starbucks',
  'Delta',
  'Target',
  'CVS',
  'Spotify',
];
const CATEGORIES = ['Groceries', 'Transport', 'Subscriptions', 'Shopping', 'Travel', 'Dining', 'Health'];

/** `count` transactions, as an agent's table would list them. */
export function transactionRows(count: number, seed = 7): Array<Record<string, unknown>> {
  const random = sequence(seed);
  const start = Date.UTC(2023, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const amount = Math.round((random() * 400 - 320) * 100) / 100;
    const day = new Date(start + Math.floor(random() * 730) * 86_400_000);
    return {
      date: day.toISOString().slice(0, 10),
      merchant: MERCHANTS[Math.floor(random() * MERCHANTS.length)],
      category: CATEGORIES[Math.floor(random() * CATEGORIES.length)],
      amount,
      account: index % 3 === 0 ? 'Checking ••4821' : 'Visa ••1093',
    };
  });
}

function hexHash(seed: number, length: number): string {
  const random = sequence(seed);
  return Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
}

export const TEN_THOUSAND_ROWS = 10_000;
export const MANY_SERIES = 50;

const markupShowcase = [
  '# Monthly overview',
  '## Where your money went',
  '### Highlights',
  'You spent **@currency(USD) 3,245.10** this month, *12% less* than in May. _Nicely done._',
  'Income /green +@currency(USD) 5,200.00 /red rent -@currency(EUR) 1,450 /blue pending 3',
  '/1 Large text /2 medium text /3 small text',
  'Net worth @number 128450.75 and savings rate @number 23.5% @icon:piggy-bank',
  'Icons: @icon:wallet @icon:bank @icon:piggy-bank @icon:credit-card @icon:cash @icon:coins @icon:receipt',
  '@icon:trending-up @icon:trending-down @icon:chart @icon:target @icon:calendar @icon:shield @icon:crypto',
  'Small amounts keep four decimals: @currency(GBP) 0.0042; yen: @currency(JPY) 15000; rupees @currency(INR) 99.5',
  '---',
  '- Groceries: @currency(USD) 612.40',
  '-- Whole Foods: @currency(USD) 402.10',
  '--- Organic produce: @currency(USD) 120.00',
  '- Transport: @currency(USD) 210.00',
  '',
  '1. Build an emergency fund',
  '1.1. Open a high-yield savings account',
  '1.1.1. Automate @currency(USD) 250 a month',
  '2. Pay down the credit card',
  '',
  '@box /green **On track:** you are @number 82% of the way to your @icon:target goal.',
  '@box',
  '### Next steps',
  '- Review subscriptions',
  '- Move @currency(CAD) 500 to savings',
  '@end',
  String.raw`Escapes: \*not italic\*, \@currency(USD) 5, snake_case_names stay as written.`,
].join('\n');

const hostile = '<script>alert("xss")</script><img src=x onerror=alert(1)>';

export const GALLERY_FIXTURES: GalleryFixture[] = [
  {
    name: 'pie',
    label: 'Pie chart',
    objects: [
      {
        type: 'pie',
        title: 'Spending by category',
        subtitle: 'Last 30 days',
        labels: ['Housing', 'Groceries', 'Transport', 'Dining', 'Subscriptions', 'Health', 'Travel', 'Other'],
        values: [1450, 612.4, 210, 185.25, 64.97, 120, 340, 95],
        currency_symbol: 'USD',
      },
    ],
  },
  {
    name: 'bar-vertical',
    label: 'Bar chart (vertical)',
    objects: [
      {
        type: 'bar',
        title: 'Monthly spending',
        labels: MONTHS.slice(0, 6),
        datasets: [{ label: 'Spending', data: [2890, 3120, 2750, 3410, 3245.1, 2980] }],
        currency_symbol: '€',
      },
    ],
  },
  {
    name: 'bar-horizontal',
    label: 'Bar chart (horizontal)',
    objects: [
      {
        type: 'bar',
        title: 'Top merchants',
        orientation: 'horizontal',
        labels: ['Whole Foods', 'Amazon', 'Shell', 'Delta', 'Netflix'],
        values: [402.1, 356.8, 188.4, 340, 15.49],
        currency_symbol: 'GBP',
      },
    ],
  },
  {
    name: 'bar-stacked',
    label: 'Bar chart (stacked, income and spending)',
    objects: [
      {
        type: 'bar',
        title: 'Cash flow',
        stacked: true,
        labels: MONTHS.slice(0, 4),
        datasets: [
          { label: 'Income', data: [5200, 5200, 5350, 5200], color: 'green' },
          { label: 'Spending', data: [-2890, -3120, -2750, -3410], color: 'red' },
          { label: 'Investments', data: [-500, -500, -750, -500] },
        ],
        currency_symbol: 'CAD',
      },
    ],
  },
  {
    name: 'line-right-axis',
    label: 'Line chart with a right axis',
    objects: [
      {
        type: 'line',
        title: 'Portfolio value and return',
        data: {
          labels: MONTHS,
          datasets: [
            {
              label: 'Value',
              data: [42000, 43150, 41980, 44820, 46010, null, 47300, 48120, 47650, 49900, 51230, 52870],
            },
            {
              label: 'Return (%)',
              data: [0.8, 2.7, -2.7, 6.8, 2.7, null, 2.8, 1.7, -1, 4.7, 2.7, 3.2],
              y_axis: 'right',
            },
          ],
        },
        currency_symbol: 'CHF',
      },
    ],
  },
  {
    name: 'line-many-series',
    label: `Line chart with ${MANY_SERIES} series`,
    objects: [
      {
        type: 'line',
        title: `${MANY_SERIES} holdings over two years`,
        labels: Array.from(
          { length: 24 },
          (_, index) => `${MONTHS[index % 12]} ${2023 + Math.floor(index / 12)}`,
        ),
        datasets: Array.from({ length: MANY_SERIES }, (_, series) => {
          const random = sequence(series + 100);
          let value = 1000 + series * 40;
          return {
            label: `Holding ${series + 1}`,
            data: Array.from({ length: 24 }, () => {
              value = Math.round(value * (0.95 + random() * 0.12));
              return value;
            }),
          };
        }),
        currency_symbol: 'HKD',
      },
    ],
  },
  {
    name: 'table-small',
    label: 'Table (small)',
    objects: [
      {
        type: 'table',
        title: 'Accounts',
        columns: [
          { key: 'name', header: 'Account' },
          { key: 'type', header: 'Type' },
          { key: 'balance_amount', header: 'Balance' },
        ],
        rows: [
          { name: 'Everyday Checking', type: 'Bank', balance_amount: 4821.33 },
          { name: 'High-Yield Savings', type: 'Bank', balance_amount: 18250 },
          { name: 'Brokerage', type: 'Investments', balance_amount: 52870.4 },
        ],
      },
    ],
  },
  {
    name: 'table-wide',
    label: 'Table (wide, scrolls sideways)',
    objects: [
      {
        type: 'table',
        title: 'Holdings',
        columns: ['Symbol', 'Name', 'Quantity', 'Price', 'Cost basis', 'Market value', 'Gain', 'Updated'],
        rows: [
          ['AAPL', 'Apple Inc.', 25, 189.84, 3890.5, 4746, '+22.0%', '2024-05-31T20:00:00Z'],
          ['VTI', 'Vanguard Total Stock Market ETF', 40.5, 262.17, 9120, 10617.89, '+16.4%', '2024-05-31'],
          ['BTC', 'Bitcoin', 0.0521, 67450.12, 2100, 3514.15, '+67.3%', 'not a date'],
        ],
      },
    ],
  },
  {
    name: 'table-paginated',
    label: 'Table (paginated)',
    objects: [{ type: 'table', title: 'Recent transactions', rows: transactionRows(48, 11) }],
  },
  {
    name: 'table-currency',
    label: 'Table (currency detection)',
    objects: [
      {
        type: 'table',
        title: 'Fees and prices',
        columns: [
          { key: 'item', header: 'Item' },
          { key: 'fee', header: 'Fee' },
          { key: 'unit_price', header: 'Unit price' },
          { key: 'charged', header: 'Charged' },
          { key: 'note', header: 'Note' },
        ],
        rows: [
          { item: 'Wire transfer', fee: 25, unit_price: 0.004, charged: '€1,200.5', note: 'Outgoing' },
          { item: 'Gas fee', fee: 0.00042, unit_price: -3.5, charged: '£0.5', note: 'Ethereum' },
          { item: 'ATM', fee: '$2.50', unit_price: 1234567.891, charged: '¥1500', note: 'Abroad' },
          { item: 'Card', fee: 0, unit_price: '12.3456', charged: '₹99', note: 'Refund' },
        ],
      },
    ],
  },
  {
    name: 'table-hash',
    label: 'Table (hashes and addresses)',
    objects: [
      {
        type: 'table',
        title: 'Wallet activity',
        columns: ['tx_hash', 'from', 'chain', 'amount'],
        rows: [
          [`0x${hexHash(1, 64)}`, `0x${hexHash(2, 40)}`, 'eth', '$1,204.20'],
          [
            '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
            '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
            'sol',
            '$88.00',
          ],
          [
            'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
            'btc',
            '$12.34',
          ],
          ['short-id-123', 'Alice', 'eth', '$0.00'],
        ],
      },
    ],
  },
  {
    name: 'table-empty',
    label: 'Table (empty)',
    objects: [{ type: 'table', title: 'Pending transfers', columns: ['date', 'amount'], rows: [] }],
  },
  {
    name: 'table-10000',
    label: `Table (${TEN_THOUSAND_ROWS.toLocaleString('en-US')} rows)`,
    objects: [
      { type: 'table', title: 'Two years of transactions', rows: transactionRows(TEN_THOUSAND_ROWS) },
    ],
  },
  {
    name: 'content',
    label: 'Content (every markup construct)',
    objects: [{ type: 'content', title: 'Your month', subtitle: 'June 2024', content: markupShowcase }],
  },
  {
    name: 'container',
    label: 'Container with blocks, card and info',
    objects: [
      {
        type: 'container',
        id: 'query-1717171717-abc123_0',
        title: 'Spending summary',
        content_blocks: [
          { type: 'content', content: 'You spent **@currency(USD) 3,245.10** in June.' },
          { type: 'card', title: 'Card blocks render nothing', content: 'hidden' },
          { type: 'info', title: 'Info blocks render nothing', content: 'hidden' },
          {
            type: 'pie',
            title: 'Split',
            labels: ['Needs', 'Wants', 'Savings'],
            values: [50, 30, 20],
            unit: '%',
          },
        ],
      },
    ],
  },
  {
    name: 'card-info',
    label: 'Card and info (render nothing)',
    objects: [
      { type: 'card', title: 'A card', content: 'never shown' },
      { type: 'info', title: 'An info block', content: 'never shown' },
    ],
  },
  {
    name: 'unknown',
    label: 'Unknown type',
    objects: [{ type: 'sankey', title: 'Money flow', nodes: ['Income', 'Rent'], links: [[0, 1, 1450]] }],
  },
  {
    name: 'hostile',
    label: 'Hostile strings (shown as text)',
    objects: [
      {
        type: 'container',
        title: `Title ${hostile}`,
        content_blocks: [
          {
            type: 'content',
            title: hostile,
            content: `# ${hostile}\n**${hostile}** /red ${hostile}\n- <a href="javascript:alert(1)">link</a>\n@box <svg onload=alert(1)>`,
          },
          { type: 'table', columns: [hostile, 'amount'], rows: [[hostile, `$${hostile}`]] },
          {
            type: 'pie',
            title: hostile,
            labels: [hostile, 'b'],
            values: [1, 2],
            colors: ['red;background:url(x)', hostile],
          },
          { type: `x${hostile}`, payload: hostile },
        ],
      },
    ],
  },
];

/**
 * A chat answer's card as the agent sends it (decision 0021): a container whose id carries its query id
 * ('query-' plus a timestamp plus random text), titled by what was read, subtitled by when, with what it
 * counted, the headline figure, a chart and a table; the answer's words stay in the chat. Shown only in
 * the panel section; the browser test of saved resources saves this card.
 */
export const GALLERY_PANEL_ANSWER: DslObject = {
  id: 'query-1735787045000-gal01',
  type: 'container',
  title: 'Monthly spending',
  subtitle: 'December 2024',
  description: 'From 38 transactions in 2 accounts',
  content_blocks: [
    { type: 'content', content: '/1 Spending @currency(USD) 1800\n38 transactions, in December 2024' },
    { type: 'pie', title: 'By category', labels: ['Food', 'Rent', 'Travel'], values: [420, 1200, 180] },
    {
      type: 'table',
      title: 'Largest payments',
      columns: [
        { key: 'merchant', header: 'Merchant' },
        { key: 'amount', header: 'Amount' },
      ],
      rows: [
        { merchant: 'Landlord', amount: 1200 },
        { merchant: 'Grocer', amount: 86.5 },
      ],
    },
  ],
};

/**
 * The thread the gallery's panel saves into: clearly not a real chat thread. Saved resources keep it
 * as their `thread_id`; the query id comes from each card's container id, as in the chat.
 */
export const GALLERY_PANEL_THREAD_ID = 'gallery';

function fixtureObjects(name: string): DslObject[] {
  const fixture = GALLERY_FIXTURES.find((candidate) => candidate.name === name);
  if (!fixture) throw new Error(`the gallery has no ${name} fixture`);
  return fixture.objects;
}

/**
 * The result cards of the gallery's panel section, as the chat shows them: the chat answer above, the
 * container fixture (an id, card and info blocks) and a bare table block (no id, no container).
 */
export const GALLERY_PANEL_RESULTS: DslObject[] = [
  GALLERY_PANEL_ANSWER,
  ...fixtureObjects('container'),
  ...fixtureObjects('table-small'),
];
