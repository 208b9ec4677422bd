import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubNetwork } from '../../test/fake-network.ts';
import { renderApp } from '../../test/render-app.tsx';
import { GALLERY_FIXTURES } from './fixtures.ts';

describe('/gallery', () => {
  it('is public: a visitor without a session sees every fixture', { timeout: 30_000 }, async () => {
    stubNetwork({ session: null });
    renderApp('/gallery');
    // The first load transforms the gallery's route chunk: give it time.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visualization gallery' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    for (const fixture of GALLERY_FIXTURES) {
      expect(screen.getByTestId(`gallery-${fixture.name}`)).toBeInTheDocument();
    }
    expect(window.location.pathname).toBe('/gallery');
    expect(screen.getByTestId('gallery-table-10000')).toHaveTextContent('Rows 1–15 of 10,000');
  });

  it('has a fixture for every block type and edge case, with unique names', () => {
    const names = GALLERY_FIXTURES.map((fixture) => fixture.name);
    expect(new Set(names).size).toBe(names.length);
    const types = new Set(
      GALLERY_FIXTURES.flatMap((fixture) =>
        fixture.objects.flatMap((object) => [
          object.type,
          ...(object.type === 'container' && Array.isArray(object.content_blocks)
            ? object.content_blocks.map((block) => block.type)
            : []),
        ]),
      ),
    );
    for (const type of ['container', 'content', 'pie', 'bar', 'line', 'table', 'card', 'info', 'sankey']) {
      expect(types).toContain(type);
    }
  });
});
