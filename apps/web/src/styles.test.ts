// @vitest-environment node
import { readFileSync } from 'node:fs';
import { DSL_CATEGORY_COLOR_COUNT } from '@penny/contracts';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--penny-([a-z0-9-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]),
  );
}

const themes = { light: tokens(':root'), dark: tokens('.dark') };
const names = [
  'background',
  'surface',
  'surface-raised',
  'border',
  'border-strong',
  'text',
  'text-muted',
  'accent',
  'on-accent',
  'positive',
  'negative',
  'on-negative',
  'destructive',
  'on-destructive',
  'warning',
  ...Array.from({ length: 8 }, (_, i) => `pie-${i + 1}`),
  ...Array.from({ length: DSL_CATEGORY_COLOR_COUNT }, (_, i) => `category-${i + 1}`),
];
const backgrounds = ['background', 'surface', 'surface-raised'];

describe.each(Object.entries(themes))('%s theme tokens', (_theme, values) => {
  it('defines every token', () => {
    expect(Object.keys(values).sort()).toEqual([...names].sort());
  });

  it.each(['text', 'text-muted', 'accent', 'positive', 'negative', 'warning'])(
    '%s reaches WCAG AA (4.5:1) on every background',
    (name) => {
      for (const background of backgrounds) {
        expect(contrast(values[name] ?? '', values[background] ?? '')).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('keeps text on filled accent and negative buttons at 4.5:1', () => {
    expect(contrast(values['on-accent'] ?? '', values.accent ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(values['on-negative'] ?? '', values.negative ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(values['on-destructive'] ?? '', values.destructive ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives form-control outlines 3:1 (WCAG 1.4.11)', () => {
    for (const background of backgrounds) {
      expect(contrast(values['border-strong'] ?? '', values[background] ?? '')).toBeGreaterThanOrEqual(3);
    }
  });
});

/** OKLab (Björn Ottosson's), where Euclidean distance tracks how different two colours look. */
function oklab(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function difference(a: string, b: string): number {
  const [x, y] = [oklab(a), oklab(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/** Clearly apart at a glance: about two and a half just-noticeable differences in OKLab. */
const DISTINCT = 0.05;

describe.each(Object.entries(themes))('%s theme category colours', (_theme, values) => {
  const categories = Array.from(
    { length: DSL_CATEGORY_COLOR_COUNT },
    (_, i) => values[`category-${i + 1}`] ?? '',
  );

  it('are readable (3:1, WCAG 1.4.11) on every background', () => {
    for (const colour of categories) {
      for (const background of backgrounds) {
        expect(contrast(colour, values[background] ?? '')).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('are told apart from each other', () => {
    categories.forEach((colour, i) => {
      for (const other of categories.slice(i + 1))
        expect(difference(colour, other)).toBeGreaterThan(DISTINCT);
    });
  });

  it('are neither the red of bad news nor the green of money in', () => {
    for (const colour of categories) {
      expect(difference(colour, values.negative ?? '')).toBeGreaterThan(DISTINCT);
      expect(difference(colour, values.positive ?? '')).toBeGreaterThan(DISTINCT);
    }
  });
});
