import { cx } from './cx.ts';

export type SwatchProps = {
  /** A CSS colour, e.g. a category's theme token `var(--penny-category-2)`. */
  color: string;
  className?: string;
};

/**
 * A small square of colour before the text it belongs to: a category's colour in a table cell or a
 * transaction row (docs/decisions/0017-charts-that-fit-their-data.md). Decorative: the text beside it
 * names the category, so colour is never the only carrier of meaning.
 */
export function Swatch({ color, className }: SwatchProps) {
  return (
    <span
      aria-hidden="true"
      className={cx('inline-block size-2.5 shrink-0 rounded-sm', className)}
      style={{ backgroundColor: color }}
      data-swatch={color}
    />
  );
}
