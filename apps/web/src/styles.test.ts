// @vitest-environment node
import { readFileSync } from 'node:fs';
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
