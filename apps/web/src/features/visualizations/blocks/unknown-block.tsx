import { visualizationMessages } from '@penny/contracts';
import type { BlockHeadingLevel } from '../block-header.tsx';

/** The longest dump shown; a hostile or runaway block cannot flood the page. */
const MAX_DUMP_CHARS = 20_000;

function dump(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_DUMP_CHARS ? `${text.slice(0, MAX_DUMP_CHARS)}\n…` : text;
}

/**
 * docs/product/chat.md, "Rendering errors": an unknown type shows 'Unknown Visualization Type' with the raw
 * data (as text).
 */
export function UnknownBlock({ block, headingLevel }: { block: unknown; headingLevel: BlockHeadingLevel }) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <section className="flex min-w-0 flex-col gap-2" data-block-type="unknown">
      <Heading className="text-sm font-semibold text-warning">{visualizationMessages.unknownType}</Heading>
      <pre
        className="max-h-64 overflow-auto rounded-lg border border-border bg-surface p-3 font-mono text-xs whitespace-pre-wrap break-all text-text-muted"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        {dump(block)}
      </pre>
    </section>
  );
}
