import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MARKUP_ICON_NAMES } from './icon-names.ts';
import { Markup } from './markup.tsx';

function renderMarkup(content: string, headingLevel?: 2 | 3 | 4) {
  return render(<Markup content={content} headingLevel={headingLevel} />).container;
}

describe('<Markup>', () => {
  it('renders headings from the given level down', () => {
    renderMarkup('# Overview\n## Spending\n### Detail', 3);
    expect(screen.getByRole('heading', { level: 3, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Spending' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'Detail' })).toBeInTheDocument();
  });

  it('renders bold, italic, rules and line breaks', () => {
    const root = renderMarkup('**Total** is *up*\n_quietly_\n---\nnext');
    expect(root.querySelector('strong')).toHaveTextContent('Total');
    expect([...root.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['up', 'quietly']);
    expect(root.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });

  it('formats @currency by the amount rules: 2 decimals, 4 below 0.01, the code’s symbol', () => {
    renderMarkup(
      '@currency(USD) 1234.5 @currency(EUR) -0.0042 @currency(GBP) 3 @currency(JPY) 15000 @currency(INR) 99.5 @currency(XYZ) 2',
    );
    const amounts = [...document.querySelectorAll('[data-markup="currency"]')].map((e) => e.textContent);
    expect(amounts).toEqual(['$1,234.50', '-€0.0042', '£3.00', '¥15,000.00', '₹99.50', 'XYZ 2.00']);
  });

  it('formats @number with grouping, the decimals as written and a percent sign', () => {
    renderMarkup('@number 1234567 @number 12.50% @number(0.5)');
    const numbers = [...document.querySelectorAll('[data-markup="number"]')].map((e) => e.textContent);
    expect(numbers).toEqual(['1,234,567', '12.50%', '0.5']);
  });

  it('draws each of the 14 icons with a spoken name', () => {
    renderMarkup(MARKUP_ICON_NAMES.map((name) => `@icon:${name}`).join(' '));
    const icons = screen.getAllByRole('img');
    expect(icons).toHaveLength(14);
    expect(new Set(icons.map((icon) => icon.getAttribute('data-icon')))).toEqual(new Set(MARKUP_ICON_NAMES));
    expect(screen.getByRole('img', { name: 'Bank' })).toBeInTheDocument();
  });

  it('colours mean money in (green), out (red) and neutral (blue); sizes /1 /2 /3', () => {
    const root = renderMarkup('/green +$5 /red -$3 /blue note\n/1 big /2 mid /3 small');
    const styled = [...root.querySelectorAll('[data-markup="styled"]')];
    expect(styled.map((e) => [e.textContent, e.className])).toEqual([
      ['+$5 ', 'text-positive'],
      ['-$3 ', 'text-negative'],
      ['note', 'text-accent'],
      ['big ', 'text-xl font-semibold'],
      ['mid ', 'text-lg font-semibold'],
      ['small', 'text-base font-medium'],
    ]);
  });

  it('renders bullets and numbered lists nested, numbers as written', () => {
    renderMarkup('- a\n-- b\n--- c\n\n1. one\n1.1. one.one\n1.1.1. deep\n2. two');
    const lists = screen.getAllByRole('list');
    expect(lists.map((l) => l.tagName)).toEqual(['UL', 'UL', 'UL', 'OL', 'OL', 'OL']);
    expect(within(lists[2] as HTMLElement).getByRole('listitem')).toHaveTextContent('c');
    const labels = [...document.querySelectorAll('[data-markup="list-label"]')].map((e) => e.textContent);
    expect(labels).toEqual(['1.', '1.1.', '1.1.1.', '2.']);
  });

  it('renders @box content inside a box', () => {
    const root = renderMarkup('@box **Saved** @currency(USD) 50\n@box\n## Next\n- step\n@end');
    const boxes = root.querySelectorAll('[data-markup="box"]');
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toHaveTextContent('Saved $50.00');
    expect(within(boxes[1] as HTMLElement).getByRole('heading', { name: 'Next' })).toBeInTheDocument();
    expect(within(boxes[1] as HTMLElement).getByRole('listitem')).toHaveTextContent('step');
  });

  it('shows HTML in the text as text: nothing is injected', () => {
    const root = renderMarkup(
      '# <img src=x onerror=alert(1)>\n**<script>alert(1)</script>**\n- <a href="javascript:x">y</a>',
    );
    expect(root.querySelector('script, img, a, [onerror]')).toBeNull();
    expect(screen.getByRole('heading')).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(root.querySelector('strong')).toHaveTextContent('<script>alert(1)</script>');
  });
});
