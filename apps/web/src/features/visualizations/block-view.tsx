import {
  type DslBlock,
  type DslBlockType,
  type DslContainer,
  type DslKnownBlock,
  isKnownBlockType,
} from '@penny/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BlockHeader, type BlockHeadingLevel } from './block-header.tsx';
import { ContentBlock } from './blocks/content-block.tsx';
import { UnknownBlock } from './blocks/unknown-block.tsx';
import { ChartBlock } from './charts/chart-block.tsx';
import { TableBlock } from './table/table-block.tsx';

/** A renderer per known block type, each typed for its own block: a new type fails to compile here. */
type RendererMap = {
  [T in DslBlockType]: (block: Extract<DslKnownBlock, { type: T }>, level: BlockHeadingLevel) => ReactNode;
};

function isKnownBlock(block: DslBlock): block is DslKnownBlock {
  return isKnownBlockType(block.type);
}

function deeper(level: BlockHeadingLevel): BlockHeadingLevel {
  return Math.min(level + 1, 6) as BlockHeadingLevel;
}

/** A container nested inside another: its title, then its blocks. */
function NestedContainer({ block, level }: { block: DslContainer; level: BlockHeadingLevel }) {
  return (
    <section
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border p-3"
      data-block-type="container"
    >
      <BlockHeader block={block} level={level} />
      <BlockList blocks={block.content_blocks} headingLevel={block.title?.trim() ? deeper(level) : level} />
    </section>
  );
}

/**
 * One renderer per block type of docs/product/chat.md, "Block types" (card and info render nothing, as it
 * says).
 */
const RENDERERS: RendererMap = {
  container: (block, level) => <NestedContainer block={block} level={level} />,
  content: (block, level) => <ContentBlock block={block} headingLevel={level} />,
  pie: (block, level) => <ChartBlock block={block} headingLevel={level} />,
  bar: (block, level) => <ChartBlock block={block} headingLevel={level} />,
  line: (block, level) => <ChartBlock block={block} headingLevel={level} />,
  table: (block, level) => <TableBlock block={block} headingLevel={level} />,
  card: () => null,
  info: () => null,
};

/**
 * The renderer of a known block. TypeScript cannot correlate `RENDERERS[block.type]` with `block` for a
 * union, so the pairing is asserted once here; the map above is what checks each renderer's type.
 */
function rendererOf(block: DslKnownBlock): (block: DslKnownBlock, level: BlockHeadingLevel) => ReactNode {
  return RENDERERS[block.type] as (block: DslKnownBlock, level: BlockHeadingLevel) => ReactNode;
}

type BoundaryProps = { children: ReactNode; block: DslBlock; headingLevel: BlockHeadingLevel };

/** A block that fails to render shows as raw data; the blocks around it still render. */
class BlockBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Visualization block failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed)
      return <UnknownBlock block={this.props.block} headingLevel={this.props.headingLevel} />;
    return this.props.children;
  }
}

export type BlockViewProps = { block: DslBlock; headingLevel?: BlockHeadingLevel };

/** One block of any type. */
export function BlockView({ block, headingLevel = 3 }: BlockViewProps) {
  const known = isKnownBlock(block) ? block : null;
  return (
    <BlockBoundary block={block} headingLevel={headingLevel}>
      {known ? (
        rendererOf(known)(known, headingLevel)
      ) : (
        <UnknownBlock block={block} headingLevel={headingLevel} />
      )}
    </BlockBoundary>
  );
}

/** Blocks in order. Card and info blocks take no space. */
export function BlockList({ blocks, headingLevel }: { blocks: DslBlock[]; headingLevel: BlockHeadingLevel }) {
  return (
    <div className="flex min-w-0 flex-col gap-6 empty:hidden">
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no stable identity of their own
        <BlockView key={index} block={block} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
