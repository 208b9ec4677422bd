import {
  PATIENCE_AFTER_MS,
  parseDslObjects,
  RESOURCE_TOAST_MS,
  resourceMessages,
  visualizationPanelMessages,
} from '@penny/contracts';
import { AlertTriangle, BookmarkCheck, BookmarkPlus, MessageSquarePlus, Sparkles } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Card, cx, EmptyState, Skeleton, toast } from '../../ui/index.ts';
import { useForkVisualization } from '../resources/index.ts';
import { IconAction } from './icon-action.tsx';
import { useSaveResult } from './use-save-result.ts';

// The renderer (markup, tables, charts) loads on first use, outside the chat page's own code.
const VisualizationView = lazy(() =>
  import('../visualizations/index.ts').then((m) => ({ default: m.VisualizationView })),
);

export type VisualizationPanelProps = {
  /** The thread the results belong to (saved with each resource). */
  threadId: string | null | undefined;
  /**
   * The results in display order: a list of containers (a thread's dsl_objects), or anything
   * `parseDslObjects` reads. Each top-level object is one card.
   */
  results: unknown;
  /** A query is running: shows 'Generating insights...' (and a patience message after 15 s). */
  loading?: boolean;
  /**
   * The last query failed: the message, or '' for the required 'Error generating visuals'
   * (docs/product/chat.md, "Visualization errors").
   */
  error?: string | null | undefined;
  className?: string;
};

/**
 * True once 15 s have passed since the component mounted (the patience message of docs/product/chat.md,
 * "Progress steps").
 */
function usePatience(): boolean {
  const [patient, setPatient] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(true), PATIENCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return patient;
}

/** Mounted while a query runs, so its patience timer starts with the query. */
function LoadingCard() {
  const patient = usePatience();
  return (
    <Card aria-busy="true" className="flex flex-col gap-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-text">
        <Sparkles
          aria-hidden="true"
          className="size-4 animate-pulse text-accent motion-reduce:animate-none"
        />
        <span>{visualizationPanelMessages.loading}</span>
        {patient ? <span className="sr-only">{visualizationPanelMessages.patience}</span> : null}
      </p>
      {patient ? (
        <p aria-hidden="true" className="text-sm text-text-muted">
          {visualizationPanelMessages.patience}
        </p>
      ) : null}
      <Skeleton className="h-5 w-2/5" />
      <Skeleton className="h-40 w-full" />
    </Card>
  );
}

function ErrorCard({ message }: { message: string }) {
  return (
    <Card role="alert" className="flex items-start gap-3 border-negative/50">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-negative" />
      <p className="text-sm text-text">{message || visualizationPanelMessages.errorFallback}</p>
    </Card>
  );
}

/**
 * The visualization area (docs/product/chat.md, "Visualization area"): result cards, each with
 * 'Save this visualization to resources' and 'Start a new chat from this'; the empty, loading and error
 * states.
 */
export function VisualizationPanel({
  threadId,
  results,
  loading = false,
  error,
  className,
}: VisualizationPanelProps) {
  const { save, isSaving, isSaved } = useSaveResult(threadId);
  const fork = useForkVisualization();
  const failed = error !== undefined && error !== null;

  useEffect(() => {
    if (error === undefined || error === null) return;
    toast.error(visualizationPanelMessages.errorToastTitle, {
      id: 'visualization-error',
      description: error || visualizationPanelMessages.errorFallback,
      duration: RESOURCE_TOAST_MS.visualizationError,
    });
  }, [error]);

  const objects = useMemo(() => parseDslObjects(results), [results]);
  const empty = objects.length === 0 && !loading && !failed;
  return (
    <Tooltip.Provider delayDuration={300}>
      <section
        aria-label="Visualizations"
        className={cx('flex min-h-0 flex-col gap-4 overflow-y-auto p-4', className)}
      >
        {loading ? <LoadingCard /> : null}
        {failed ? <ErrorCard message={error} /> : null}
        {empty ? (
          <EmptyState icon={Sparkles} title={visualizationPanelMessages.empty} className="flex-1" />
        ) : null}
        {objects.length > 0 ? (
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <VisualizationView
              objects={objects}
              actions={(card) => (
                <>
                  {isSaved(card.object) ? (
                    <IconAction icon={BookmarkCheck} label="Saved" done onClick={() => undefined} />
                  ) : (
                    <IconAction
                      icon={BookmarkPlus}
                      label={resourceMessages.saveAction}
                      busy={isSaving(card.object)}
                      onClick={() => void save(card.object)}
                    />
                  )}
                  <IconAction
                    icon={MessageSquarePlus}
                    label={resourceMessages.forkFromResult}
                    onClick={() => fork({ threadId, queryId: card.id ?? null, dslObjects: [card.object] })}
                  />
                </>
              )}
            />
          </Suspense>
        ) : null}
      </section>
    </Tooltip.Provider>
  );
}
