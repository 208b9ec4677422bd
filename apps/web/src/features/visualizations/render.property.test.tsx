// @vitest-environment node
import { DSL_CURRENCY_CODES } from '@penny/contracts';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markup, VisualizationView } from './index.ts';
import { MARKUP_ICON_NAMES } from './markup/icon-names.ts';

/**
 * Property tests: any DSL document and any markup string render without throwing, and whatever they
 * contain (script tags, event handlers, javascript: URLs) comes out as escaped text, never as HTML.
 */

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '" onmouseover="alert(1)',
  "' onfocus='alert(1)",
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src=//evil>',
  '</div><script>',
  '&lt;script&gt;',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '\u0000\u202e',
];

/** Tags the renderer may produce; anything else in the output was injected. */
const TAGS = new Set(
  'div article header section figure figcaption details summary nav p span strong em br hr h2 h3 h4 h5 h6 ul ol li table caption colgroup col thead tbody tr th td button pre svg path circle rect line polyline polygon ellipse'.split(
    ' ',
  ),
);
const ATTRIBUTE =
  /^(class|style|id|role|tabindex|type|title|scope|disabled|xmlns|width|height|viewBox|fill|stroke|stroke-width|stroke-linecap|stroke-linejoin|d|cx|cy|r|rx|ry|x|y|x1|x2|y1|y2|points|aria-[a-z]+|data-[a-z-]+)$/;

function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** Fails unless every tag and attribute in the markup is one the renderer makes. */
function expectNoInjectedHtml(html: string): void {
  for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const name = (tag[1] as string).toLowerCase();
    if (!TAGS.has(name)) throw new Error(`unexpected <${name}> in ${html.slice(0, 500)}`);
    for (const attribute of (tag[2] as string).matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) {
      const attributeName = attribute[1] as string;
      if (!ATTRIBUTE.test(attributeName))
        throw new Error(`unexpected attribute ${attributeName} on <${name}>`);
      if (/^(href|src|action|formaction|xlink:href)$/i.test(attributeName))
        throw new Error(`a URL attribute: ${attributeName}`);
    }
  }
  // Escaped text may say "onerror=", but never inside a tag, and never as a raw "<script".
  expect(html).not.toMatch(/<script|<img|<iframe|<a[\s>]/i);
}

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...HOSTILE),
  fc.constantFrom('', '  ', 'Total'),
);
const number = fc.oneof(
  fc.double({ noNaN: false, noDefaultInfinity: false }),
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.constantFrom(0, 0.004, -0.0001, 1234.5),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.constant(undefined));
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
);
const label = fc.oneof(text, fc.integer({ min: 1990, max: 2030 }));
const numbers = fc.array(fc.oneof(number, fc.constant(null), text), { maxLength: 12 });
const colour = fc.oneof(fc.constantFrom('green', 'red', 'blue', '#ff0000', 'rgb(1,2,3)', 'orange'), text);
const dataset = fc.record(
  { label: text, data: numbers, color: colour, y_axis: fc.constantFrom('left', 'right', 'middle') },
  { requiredKeys: [] },
);
const currency = fc.constantFrom(...DSL_CURRENCY_CODES, '$', '€', 'XYZ', '₿', '<b>');

const markupPiece = fc.oneof(
  fc.constantFrom(
    '**',
    '*',
    '_',
    '***',
    '\\',
    '@currency(USD) 1,234.5',
    '@currency(',
    '@currency(XYZ) -0.001',
    '@number 12.5%',
    '@number(',
    '/green ',
    '/red ',
    '/blue ',
    '/1 ',
    '/2 ',
    '/3 ',
    '# ',
    '## ',
    '### ',
    '- ',
    '-- ',
    '--- ',
    '---',
    '1. ',
    '1.1. ',
    '1.1.1. ',
    '2) ',
    '@box ',
    '@box\n',
    '@end',
    '\n',
    '\n\n',
    ' ',
    '\r\n',
    'word',
    '42',
    ...MARKUP_ICON_NAMES.map((name) => `@icon:${name}`),
    '@icon:rocket',
  ),
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 8 }),
);
const markup = fc.array(markupPiece, { maxLength: 40 }).map((pieces) => pieces.join(''));

const common = { title: text, subtitle: text, description: text, id: fc.oneof(text, fc.integer()) };
const blocks = fc.letrec((tie) => ({
  block: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(
        { type: fc.constant('content'), content: fc.oneof(markup, value), ...common },
        { requiredKeys: ['type'] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          type: fc.constantFrom('pie', 'bar', 'line'),
          labels: fc.oneof(fc.array(label, { maxLength: 12 }), value),
          values: fc.oneof(numbers, value),
          colors: fc.oneof(fc.array(colour, { maxLength: 8 }), value),
          datasets: fc.oneof(fc.array(dataset, { maxLength: 4 }), value),
          data: fc.oneof(
            fc.record({
              labels: fc.array(label, { maxLength: 6 }),
              datasets: fc.array(dataset, { maxLength: 3 }),
            }),
            value,
          ),
          unit: fc.oneof(text, fc.constantFrom('%', 'shares')),
          currency_symbol: fc.oneof(currency, value),
          orientation: fc.oneof(fc.constantFrom('horizontal', 'vertical'), value),
          stacked: fc.oneof(fc.boolean(), value),
          ...common,
        },
        { requiredKeys: ['type'] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record(
        {
          type: fc.constant('table'),
          columns: fc.oneof(
            fc.array(fc.oneof(text, fc.record({ key: text, header: text }, { requiredKeys: ['key'] })), {
              maxLength: 7,
            }),
            value,
          ),
          rows: fc.oneof(
            fc.array(
              fc.oneof(fc.dictionary(text, value, { maxKeys: 7 }), fc.array(value, { maxLength: 7 })),
              { maxLength: 20 },
            ),
            value,
          ),
          currency_symbol: fc.oneof(currency, value),
          ...common,
        },
        { requiredKeys: ['type'] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record(
        { type: fc.constantFrom('card', 'info'), content: value, ...common },
        { requiredKeys: ['type'] },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: text, payload: value, ...common }, { requiredKeys: ['type'] }),
    },
    { weight: 1, arbitrary: value },
    {
      weight: 1,
      arbitrary: fc.record(
        {
          type: fc.constant('container'),
          isNew: fc.oneof(fc.boolean(), value),
          content_blocks: fc.oneof(fc.array(tie('block'), { maxLength: 3 }), value),
          ...common,
        },
        { requiredKeys: ['type'] },
      ),
    },
  ),
}));
const document = fc.oneof(
  fc.array(blocks.block, { maxLength: 4 }),
  blocks.block,
  fc.record({ dsl_objects: fc.array(blocks.block, { maxLength: 3 }) }),
);

describe('rendering never throws and never injects HTML', () => {
  it('for 10,000 random DSL documents', () => {
    fc.assert(
      fc.property(document, (objects) => {
        const html = renderToStaticMarkup(
          <VisualizationView objects={objects} actions={() => <span>action</span>} />,
        );
        expectNoInjectedHtml(html);
        // A container's title is shown as written, escaped.
        const first = Array.isArray(objects) ? objects[0] : objects;
        if (first && typeof first === 'object' && (first as { type?: unknown }).type === 'container') {
          const title = (first as { title?: unknown }).title;
          if (typeof title === 'string' && title.trim()) expect(html).toContain(escapeText(title.trim()));
        }
      }),
      { numRuns: 10_000 },
    );
  }, 180_000);

  it('for 10,000 random markup strings', () => {
    fc.assert(
      fc.property(markup, (content) => {
        expectNoInjectedHtml(renderToStaticMarkup(<Markup content={content} />));
      }),
      { numRuns: 10_000 },
    );
  }, 120_000);

  it('shows hostile strings as escaped text', () => {
    for (const hostile of HOSTILE) {
      const html = renderToStaticMarkup(
        <VisualizationView
          objects={[
            {
              type: 'container',
              title: `T ${hostile}`,
              content_blocks: [{ type: 'table', rows: [[hostile]] }],
            },
          ]}
        />,
      );
      expectNoInjectedHtml(html);
      expect(html).toContain(escapeText(`T ${hostile}`.trim()));
    }
  });
});
