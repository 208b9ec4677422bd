import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPublicConfig } from '../../api/index.ts';
import { stubNetwork } from '../../testing/fake-network.ts';
import { startRealServer } from '../../testing/real-server.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { toast } from '../../ui/index.ts';
import { GALLERY_FIXTURES, GALLERY_PANEL_ANSWER, GALLERY_PANEL_RESULTS } from './fixtures.ts';

// Saving goes to the real server (in process, in-memory database): the store request must pass its
// validation of the visualization DSL.
const server = startRealServer();

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

describe('/gallery visualization panel section', () => {
  afterEach(() => {
    // Sonner keeps its toasts outside React: forget this test's toasts before the next one.
    toast.dismiss();
    resetPublicConfig();
  });

  /** The panel section, once its cards (the lazily loaded renderer) have rendered. */
  async function openPanelSection() {
    renderApp('/gallery');
    const section = await screen.findByTestId('gallery-panel', {}, { timeout: 15_000 });
    expect(
      within(section).getByRole('heading', { level: 2, name: /visualization panel/i }),
    ).toBeInTheDocument();
    const panel = within(section).getByRole('region', { name: 'Visualizations' });
    const answer = await within(panel).findByRole(
      'article',
      { name: 'Monthly spending' },
      { timeout: 15_000 },
    );
    return { section, panel, answer };
  }

  it('shows fixtures as result cards, each with save and fork', { timeout: 30_000 }, async () => {
    stubNetwork({ session: null });
    const { panel } = await openPanelSection();
    expect(
      within(panel).getAllByRole('button', { name: 'Save this visualization to resources' }),
    ).toHaveLength(GALLERY_PANEL_RESULTS.length);
    expect(within(panel).getAllByRole('button', { name: 'Start a new chat from this' })).toHaveLength(
      GALLERY_PANEL_RESULTS.length,
    );
    expect(within(panel).getByRole('article', { name: 'Spending summary' })).toBeInTheDocument();
  });

  it("warns a visitor without a session 'Cannot store resource without user info.'", {
    timeout: 30_000,
  }, async () => {
    const { answer } = await openPanelSection();
    const user = userEvent.setup();
    await user.click(within(answer).getByRole('button', { name: 'Save this visualization to resources' }));
    expect(await screen.findByText('Cannot store resource without user info.')).toBeInTheDocument();
    expect(server.calls('/db/store-resource')).toEqual([]);
  });

  it('saves a card for a signed-in user, with the gallery thread and the card’s query id', {
    timeout: 30_000,
  }, async () => {
    const ada = await server.signUp(
      { username: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
      { preferences: { 'Response Detail': { 'Detail Numbers': '5/10' } } },
    );
    const { answer } = await openPanelSection();
    const user = userEvent.setup();
    await user.click(within(answer).getByRole('button', { name: 'Save this visualization to resources' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    expect(screen.getByText('Resource saved')).toBeInTheDocument();
    const [request] = server.calls('/db/store-resource');
    expect(request?.sealed).toBe(true);
    expect(request?.body).toMatchObject({
      username: 'ada',
      thread_id: 'gallery',
      query_id: 'query-1735787045000-gal01',
      dsl_objects: [GALLERY_PANEL_ANSWER],
    });
    const stored = await server.app.services.resources.list(ada.user.id);
    // Titled by what and when (decision 0018): the card's title and subtitle.
    expect(stored.resources.map((resource) => resource.title)).toEqual(['Monthly spending · December 2024']);
  });
});
