import type { DslContentBlock } from '@penny/contracts';
import { BlockHeader, type BlockHeadingLevel } from '../block-header.tsx';
import { Markup } from '../markup/markup.tsx';

/**
 * docs/product/chat.md, "Block types": a content block shows its title, subtitle and content (the text
 * markup).
 */
export function ContentBlock({
  block,
  headingLevel,
}: {
  block: DslContentBlock;
  headingLevel: BlockHeadingLevel;
}) {
  const next = Math.min(headingLevel + 1, 6) as BlockHeadingLevel;
  return (
    <section className="flex min-w-0 flex-col gap-2" data-block-type="content">
      <BlockHeader block={block} level={headingLevel} />
      {block.content ? (
        <Markup content={block.content} headingLevel={block.title?.trim() ? next : headingLevel} />
      ) : null}
    </section>
  );
}
