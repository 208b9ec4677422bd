import { type ReactNode, useMemo } from 'react';
import { cx } from '../../../ui/index.ts';
import { formatFixed, formatMoney, resolveCurrency } from '../format/currency.ts';
import { MARKUP_ICONS } from './icons.ts';
import {
  type BlockNode,
  type InlineNode,
  type ListNode,
  type MarkupColor,
  type MarkupSize,
  parseMarkup,
} from './parse.ts';

/** Renders the markup AST as React elements: text is always text (React escapes it), never HTML. */

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** Green and red mean money in and money out; blue is the neutral highlight. */
const COLOR_CLASS: Record<MarkupColor, string> = {
  green: 'text-positive',
  red: 'text-negative',
  blue: 'text-accent',
};

/** /1 is the largest. */
const SIZE_CLASS: Record<MarkupSize, string> = {
  1: 'text-xl font-semibold',
  2: 'text-lg font-semibold',
  3: 'text-base font-medium',
};

const HEADING_CLASS: Record<1 | 2 | 3, string> = {
  1: 'text-lg font-semibold',
  2: 'text-base font-semibold',
  3: 'text-sm font-semibold uppercase tracking-wide text-text-muted',
};

function formatCurrencyNode(node: Extract<InlineNode, { kind: 'currency' }>): string {
  const currency = resolveCurrency(node.code);
  if (!Number.isFinite(node.amount)) return `${node.code} ${node.raw}`;
  return currency ? formatMoney(node.amount, currency) : `${node.code} ${formatFixed(node.amount, 2)}`;
}

function formatNumberNode(node: Extract<InlineNode, { kind: 'number' }>): string {
  if (!Number.isFinite(node.value)) return node.raw;
  return `${formatFixed(node.value, node.decimals)}${node.percent ? '%' : ''}`;
}

function renderInline(nodes: InlineNode[]): ReactNode[] {
  return nodes.map(renderInlineNode);
}

function renderInlineNode(node: InlineNode, key: number): ReactNode {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'break':
      return <br key={key} />;
    case 'bold':
      return (
        <strong key={key} className="font-semibold">
          {renderInline(node.children)}
        </strong>
      );
    case 'italic':
      return <em key={key}>{renderInline(node.children)}</em>;
    case 'currency':
      return (
        <span key={key} className="amount font-semibold" data-markup="currency">
          {formatCurrencyNode(node)}
        </span>
      );
    case 'number':
      return (
        <span key={key} className="amount font-semibold" data-markup="number">
          {formatNumberNode(node)}
        </span>
      );
    case 'icon': {
      const { icon: Icon, label } = MARKUP_ICONS[node.name];
      return (
        <Icon
          key={key}
          role="img"
          aria-label={label}
          data-markup="icon"
          data-icon={node.name}
          className="inline-block size-[1.1em] align-[-0.15em]"
          strokeWidth={2}
        />
      );
    }
    case 'styled':
      return (
        <span
          key={key}
          data-markup="styled"
          className={cx(node.color && COLOR_CLASS[node.color], node.size && SIZE_CLASS[node.size])}
        >
          {renderInline(node.children)}
        </span>
      );
  }
}

function renderList(list: ListNode, key: number): ReactNode {
  const items = list.items.map((item, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static parsed content; items have no identity
    <li key={index} className={list.ordered ? 'flex gap-2' : undefined}>
      {item.label ? (
        <span className="amount shrink-0 text-text-muted" data-markup="list-label">
          {item.label}
        </span>
      ) : null}
      <div className="min-w-0">
        {renderInline(item.children)}
        {item.lists.map((sub, subIndex) => renderList(sub, subIndex))}
      </div>
    </li>
  ));
  // Numbered items show their dotted number as written, so the list draws no numbers of its own.
  return list.ordered ? (
    <ol key={key} className="my-1 flex flex-col gap-1 pl-1">
      {items}
    </ol>
  ) : (
    <ul key={key} className="my-1 flex list-disc flex-col gap-1 pl-5 marker:text-text-muted">
      {items}
    </ul>
  );
}

function renderBlocks(blocks: BlockNode[], headingBase: HeadingLevel): ReactNode[] {
  return blocks.map((block, index) => renderBlock(block, index, headingBase));
}

function renderBlock(block: BlockNode, key: number, headingBase: HeadingLevel): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(headingBase + block.level - 1, 6);
      const Tag = `h${level}` as 'h2';
      return (
        <Tag key={key} className={cx('mt-2 first:mt-0', HEADING_CLASS[block.level])}>
          {renderInline(block.children)}
        </Tag>
      );
    }
    case 'paragraph':
      return <p key={key}>{renderInline(block.children)}</p>;
    case 'rule':
      return <hr key={key} className="my-1 border-border" />;
    case 'list':
      return renderList(block, key);
    case 'box':
      return (
        <div
          key={key}
          data-markup="box"
          className="flex flex-col gap-2 rounded-lg border border-border bg-surface px-4 py-3"
        >
          {renderBlocks(block.children, headingBase)}
        </div>
      );
  }
}

export type MarkupProps = {
  content: string;
  /** The heading level `#` becomes (`##` one below, `###` two below); capped at h6. */
  headingLevel?: HeadingLevel;
  className?: string;
};

/** A content block's text, parsed and rendered (docs/visualization-dsl.md has the grammar). */
export function Markup({ content, headingLevel = 4, className }: MarkupProps) {
  const blocks = useMemo(() => parseMarkup(content), [content]);
  return (
    <div className={cx('flex flex-col gap-2 text-sm leading-relaxed text-text', className)}>
      {renderBlocks(blocks, headingLevel)}
    </div>
  );
}
