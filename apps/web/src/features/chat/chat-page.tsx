import { useParams } from 'react-router';
import { PageHeader } from '../../ui/index.ts';
import { VisualizationPanel } from '../results-panel/index.ts';

const NO_RESULTS: readonly unknown[] = [];

/**
 * /chat/{threadId}: the chat column and the visualization panel beside it (stacked below 1024 px).
 * The chat itself arrives with the chat issue; until then the panel shows its empty state.
 */
export function ChatPage() {
  const { threadId } = useParams();
  return (
    <div className="flex min-h-full flex-col lg:h-full lg:flex-row">
      <section
        aria-label="Chat"
        className="flex flex-col gap-6 px-4 py-6 sm:px-8 lg:w-2/5 lg:border-r lg:border-border"
      >
        <PageHeader title="Chat" />
      </section>
      <VisualizationPanel threadId={threadId} results={NO_RESULTS} className="flex-1 lg:w-3/5" />
    </div>
  );
}
