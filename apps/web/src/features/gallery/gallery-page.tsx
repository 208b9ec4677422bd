import { Moon, Sun } from 'lucide-react';
import { Button, PageHeader, useTheme } from '../../ui/index.ts';
import { VisualizationView } from '../visualizations/index.ts';
import { GALLERY_FIXTURES } from './fixtures.ts';

/**
 * /gallery: every block type and edge case of the visualization DSL, rendered from fixtures. Public and
 * offline (no session, no API calls); used by the browser tests, the render bench and anyone changing
 * the renderer.
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
    </main>
  );
}
