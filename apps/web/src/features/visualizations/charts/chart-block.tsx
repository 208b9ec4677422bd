import {
  type DslBarBlock,
  type DslLineBlock,
  type DslPieBlock,
  VISUALIZATION_RENDERING,
  visualizationMessages,
} from '@penny/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Skeleton } from '../../../ui/index.ts';
import { BlockHeader, type BlockHeadingLevel } from '../block-header.tsx';
import {
  buildCartesianModel,
  buildPieModel,
  type ChartModel,
  chartSummary,
  chartTable,
  isEmptyChart,
} from './chart-model.ts';

const ChartCanvas = lazy(() => import('./chart-canvas.tsx'));

function DataTable({ model, caption }: { model: ChartModel; caption: string }) {
  const { headers, rows } = useMemo(() => chartTable(model), [model]);
  return (
    <section
      className="max-h-80 overflow-auto rounded-lg border border-border"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr>
            {headers.map((header, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: series labels may repeat
                key={index}
                scope="col"
                className={`border-b border-border px-3 py-2 font-medium text-text-muted ${index === 0 ? 'text-left' : 'text-right'}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <tr key={rowIndex} className="border-b border-border last:border-b-0">
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <th key={cellIndex} scope="row" className="px-3 py-1.5 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={cellIndex} className="amount px-3 py-1.5 text-right">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export type ChartBlockProps = {
  block: DslPieBlock | DslBarBlock | DslLineBlock;
  headingLevel: BlockHeadingLevel;
};

/**
 * A pie, bar or line chart: the canvas (loaded on demand), a caption with the key numbers, and the same
 * data as a table behind "Show data table" (the chart's text alternative).
 */
export function ChartBlock({ block, headingLevel }: ChartBlockProps) {
  const model = useMemo<ChartModel>(
    () => (block.type === 'pie' ? buildPieModel(block) : buildCartesianModel(block)),
    [block],
  );
  const summary = useMemo(() => chartSummary(model), [model]);
  const [showTable, setShowTable] = useState(false);
  const empty = isEmptyChart(model);
  const pie = model.kind === 'pie';
  const { pieSizePx, chartHeightPx } = VISUALIZATION_RENDERING;
  const title = block.title?.trim();
  const label = title ? `${title}. ${summary}` : summary;

  return (
    <figure className="flex min-w-0 flex-col gap-3" data-block-type={block.type}>
      <BlockHeader block={block} level={headingLevel} />
      {empty ? (
        <p className="py-6 text-center text-sm text-text-muted">{visualizationMessages.emptyTable}</p>
      ) : (
        <>
          <div
            className={pie ? 'relative mx-auto max-w-full' : 'relative w-full'}
            style={pie ? { width: pieSizePx, height: pieSizePx } : { height: chartHeightPx }}
            data-chart={model.kind}
          >
            <Suspense fallback={<Skeleton className="size-full" />}>
              <ChartCanvas model={model} label={label} />
            </Suspense>
          </div>
          <figcaption className="text-xs text-text-muted">{summary}</figcaption>
          <details
            className="text-sm"
            onToggle={(event) => setShowTable((event.currentTarget as HTMLDetailsElement).open)}
          >
            <summary className="cursor-pointer text-xs font-medium text-accent select-none">
              Show data table
            </summary>
            {/* Built only when opened: a 50-series chart's table is large. */}
            {showTable ? (
              <div className="mt-2">
                <DataTable model={model} caption={title ? `${title}: data` : 'Chart data'} />
              </div>
            ) : null}
          </details>
        </>
      )}
    </figure>
  );
}
