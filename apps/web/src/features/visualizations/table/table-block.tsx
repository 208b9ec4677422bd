import { type DslTableBlock, VISUALIZATION_RENDERING, visualizationMessages } from '@penny/contracts';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, cx, Swatch } from '../../../ui/index.ts';
import { BlockHeader, type BlockHeadingLevel } from '../block-header.tsx';
import { copyToClipboard } from '../copy.ts';
import { MONEY_TONE_CLASS } from '../format/money.ts';
import { ScrollRegion } from './scroll-region.tsx';
import { buildTableModel, cellSwatch, cellValue, type FormattedCell, formatCell } from './table-model.ts';

const { tablePageSize, scrollingTableMinColumns, scrollingTableMinColumnWidthPx, copyFeedbackMs } =
  VISUALIZATION_RENDERING;

const countFormat = new Intl.NumberFormat('en-US');

/** Which cell shows 'Copied', and for how long (docs/product/chat.md, "Long hash-like values": 1.5 s). */
function useCopyFeedback() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(async (text: string, cellId: string) => {
    if (!(await copyToClipboard(text))) return;
    if (timer.current) clearTimeout(timer.current);
    setCopied(cellId);
    timer.current = setTimeout(() => setCopied(null), copyFeedbackMs);
  }, []);
  return { copied, copy };
}

type CellProps = {
  cell: FormattedCell;
  /** A category's colour, shown as a small square before the text (the text says the category). */
  swatch: string | null;
  cellId: string;
  copied: boolean;
  scrolling: boolean;
  onCopy: (text: string, cellId: string) => void;
};

function Cell({ cell, swatch, cellId, copied, scrolling, onCopy }: CellProps) {
  return (
    <td
      className={cx(
        'relative px-3 py-2 align-top transition-colors',
        cell.numeric ? 'amount text-right' : 'text-left',
        cell.empty && 'text-text-muted',
        MONEY_TONE_CLASS[cell.tone],
        !scrolling && 'wrap-break-word max-sm:wrap-normal',
        copied && 'bg-accent/15',
      )}
      style={scrolling ? { minWidth: scrollingTableMinColumnWidthPx } : undefined}
      data-copied={copied || undefined}
      onDoubleClick={() => {
        if (!cell.empty) onCopy(cell.copyText, cellId);
      }}
    >
      {swatch ? <Swatch color={swatch} className="mr-2 align-baseline" /> : null}
      {cell.hash ? (
        <button
          type="button"
          className="amount cursor-copy rounded font-mono text-xs text-accent underline decoration-dotted underline-offset-2 hover:decoration-solid"
          title={cell.copyText}
          aria-label={`${cell.text}: copy the full value`}
          data-hash={cell.copyText}
          onClick={() => onCopy(cell.copyText, cellId)}
        >
          {cell.text}
        </button>
      ) : (
        cell.text
      )}
      {copied ? (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute -top-2 right-1 z-10 rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-on-accent shadow-raised"
        >
          Copied
        </span>
      ) : null}
    </td>
  );
}

export type TableBlockProps = { block: DslTableBlock; headingLevel: BlockHeadingLevel };

/**
 * A table block: 15 rows a page with pagination beyond, money columns formatted, hashes shortened with
 * click to copy, any cell copied on double-click. Only the visible page is formatted and rendered.
 */
export function TableBlock({ block, headingLevel }: TableBlockProps) {
  const model = useMemo(() => buildTableModel(block), [block]);
  const [page, setPage] = useState(0);
  const { copied, copy } = useCopyFeedback();

  const total = model.rows.length;
  const pageCount = Math.max(1, Math.ceil(total / tablePageSize));
  const current = Math.min(page, pageCount - 1);
  const start = current * tablePageSize;
  const pageRows = model.rows.slice(start, start + tablePageSize);
  const scrolling = model.columns.length >= scrollingTableMinColumns;
  const title = block.title?.trim();
  const name = title || 'Table';

  if (total === 0 || model.columns.length === 0) {
    return (
      <section className="flex flex-col gap-3" data-block-type="table">
        <BlockHeader block={block} level={headingLevel} />
        <p className="rounded-lg border border-dashed border-border py-6 text-center text-sm text-text-muted">
          {visualizationMessages.emptyTable}
        </p>
      </section>
    );
  }

  const table = (
    <table
      className={cx(
        'w-full border-collapse text-sm',
        // Phones: equal columns would split words mid-letter ('Merc/hant'), so columns size to their
        // words and the table scrolls sideways when they do not fit (the region shows an edge fade).
        !scrolling && 'table-fixed max-sm:table-auto',
      )}
      style={scrolling ? { minWidth: model.columns.length * scrollingTableMinColumnWidthPx } : undefined}
    >
      <caption className="sr-only">{title || 'Table'}</caption>
      {scrolling ? null : (
        <colgroup>
          {model.columns.map((column) => (
            <col key={column.index} style={{ width: `${100 / model.columns.length}%` }} />
          ))}
        </colgroup>
      )}
      <thead>
        <tr className="border-b border-border-strong/60">
          {model.columns.map((column) => (
            <th
              key={column.index}
              scope="col"
              className={cx(
                'px-3 py-2 font-medium text-text-muted',
                column.kind === 'currency' || column.kind === 'number' ? 'text-right' : 'text-left',
                !scrolling && 'wrap-break-word max-sm:wrap-normal',
              )}
              style={scrolling ? { minWidth: scrollingTableMinColumnWidthPx } : undefined}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {pageRows.map((row, offset) => {
          const rowIndex = start + offset;
          return (
            <tr key={rowIndex} className="border-b border-border last:border-b-0 hover:bg-surface">
              {model.columns.map((column) => {
                const cellId = `${rowIndex}:${column.index}`;
                return (
                  <Cell
                    key={column.index}
                    cell={formatCell(cellValue(row, column), column)}
                    swatch={cellSwatch(row, column)}
                    cellId={cellId}
                    copied={copied === cellId}
                    scrolling={scrolling}
                    onCopy={copy}
                  />
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );

  return (
    <section className="flex min-w-0 flex-col gap-3" data-block-type="table">
      <BlockHeader block={block} level={headingLevel} />
      <ScrollRegion label={name} alwaysRegion={scrolling}>
        {table}
      </ScrollRegion>
      <p className="sr-only" aria-live="polite">
        {copied ? 'Copied to clipboard' : ''}
      </p>
      {total > tablePageSize ? (
        <nav
          aria-label={`${name} pages`}
          className="flex flex-wrap items-center justify-between gap-2 text-sm"
        >
          <p className="amount text-text-muted">
            Rows {countFormat.format(start + 1)}–{countFormat.format(start + pageRows.length)} of{' '}
            {countFormat.format(total)}
          </p>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label="First page"
              disabled={current === 0}
              onClick={() => setPage(0)}
            >
              <ChevronsLeft aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Previous page"
              disabled={current === 0}
              onClick={() => setPage(current - 1)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <span className="amount px-2 text-text">
              Page {countFormat.format(current + 1)} of {countFormat.format(pageCount)}
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Next page"
              disabled={current >= pageCount - 1}
              onClick={() => setPage(current + 1)}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label="Last page"
              disabled={current >= pageCount - 1}
              onClick={() => setPage(pageCount - 1)}
            >
              <ChevronsRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </section>
  );
}
