import { Moon, Sun } from 'lucide-react';
import { Button, PageHeader, useTheme } from '../../ui/index.ts';
import { VisualizationPanel } from '../results-panel/index.ts';
import { VisualizationView } from '../visualizations/index.ts';
import { GALLERY_FIXTURES, GALLERY_PANEL_RESULTS, GALLERY_PANEL_THREAD_ID } from './fixtures.ts';

/**
 * /gallery: every block type and edge case of the visualization DSL, rendered from fixtures. Public and
 * offline (no session needed, no API calls while rendering); used by the browser tests, the render
 * bench and anyone changing the renderer. The last section shows some fixtures as result cards in the
 * real visualization panel, with its save and fork actions: saving stores a resource for a signed-in
 * user (thread 'gallery'); a visitor without a session gets the panel's missing-user-info warning.
 */
export function GalleryPage() {
  const { effectiveDark, setDark } = useTheme();
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8 text-text sm:px-8">
      <PageHeader
        title="Visualization gallery"
        description="Every block type of the visualization DSL and its edge cases, rendered from fixtures."
        actions={
          <Button variant="secondary" size="sm" onClick={() => setDark(!effectiveDark)}>
            {effectiveDark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            {effectiveDark ? 'Light theme' : 'Dark theme'}
          </Button>
        }
      />
      <nav aria-label="Fixtures" className="flex flex-wrap gap-2 text-sm">
        {GALLERY_FIXTURES.map((fixture) => (
          <a
            key={fixture.name}
            href={`#gallery-${fixture.name}`}
            className="rounded-full border border-border px-3 py-1 text-text-muted hover:text-text"
          >
            {fixture.label}
          </a>
        ))}
      </nav>
      {GALLERY_FIXTURES.map((fixture) => (
        <section
          key={fixture.name}
          id={`gallery-${fixture.name}`}
          data-testid={`gallery-${fixture.name}`}
          aria-labelledby={`gallery-${fixture.name}-heading`}
          className="flex scroll-mt-4 flex-col gap-3"
        >
          <h2 id={`gallery-${fixture.name}-heading`} className="text-sm font-medium text-text-muted">
            {fixture.label}
          </h2>
          <VisualizationView
            objects={fixture.objects}
            headingLevel={3}
            empty={
              <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-text-muted">
                Nothing to show: card and info blocks render nothing.
              </p>
            }
          />
        </section>
      ))}
      <section
        id="gallery-panel"
        data-testid="gallery-panel"
        aria-labelledby="gallery-panel-heading"
        className="flex scroll-mt-4 flex-col gap-3"
      >
        <h2 id="gallery-panel-heading" className="text-sm font-medium text-text-muted">
          Result cards in the visualization panel (save and fork, as in the chat)
        </h2>
        <VisualizationPanel
          threadId={GALLERY_PANEL_THREAD_ID}
          results={GALLERY_PANEL_RESULTS}
          className="rounded-xl border border-dashed border-border"
        />
      </section>
    </main>
  );
}
