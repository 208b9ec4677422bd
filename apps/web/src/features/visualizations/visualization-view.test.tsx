import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type VisualizationCardInfo, VisualizationView } from './index.ts';

const container = {
  type: 'container',
  id: 'query-123_0',
  isNew: true,
  title: 'Spending summary',
  subtitle: 'June',
  content_blocks: [
    { type: 'content', title: 'Highlights', content: 'You spent **@currency(USD) 12**.' },
    { type: 'table', title: 'Merchants', columns: ['merchant', 'amount'], rows: [['Shell', 40]] },
    { type: 'card', title: 'Never shown' },
    { type: 'info', title: 'Never shown either' },
    { type: 'container', title: 'Nested', content_blocks: [{ type: 'content', content: 'inner text' }] },
  ],
};

describe('<VisualizationView>', () => {
  it('renders a container as a card: title, subtitle, then its blocks at the next heading levels', () => {
    render(<VisualizationView objects={[container]} />);
    const card = screen.getByRole('article', { name: 'Spending summary' });
    expect(within(card).getByRole('heading', { level: 2, name: 'Spending summary' })).toBeInTheDocument();
    expect(within(card).getByText('June')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 3, name: 'Highlights' })).toBeInTheDocument();
    expect(within(card).getByText('$12.00')).toBeInTheDocument();
    expect(within(card).getByRole('cell', { name: '$40.00' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { level: 3, name: 'Nested' })).toBeInTheDocument();
    expect(within(card).getByText('inner text')).toBeInTheDocument();
    expect(card).toHaveAttribute('data-new', 'true');
  });

  it("shows a container's description under its subtitle as plain text, never markup", () => {
    const described = { ...container, description: 'From 9 transactions in **2** accounts' };
    render(<VisualizationView objects={[described]} />);
    const card = screen.getByRole('article', { name: 'Spending summary' });
    const header = within(card).getByText('June').parentElement as HTMLElement;
    expect(within(header).getByText('From 9 transactions in **2** accounts')).toBeInTheDocument();
    expect(header.querySelector('strong')).toBeNull();
  });

  it('card and info blocks render nothing', () => {
    render(
      <VisualizationView
        objects={[container, { type: 'card', title: 'Top-level card' }, { type: 'info' }]}
      />,
    );
    expect(screen.queryByText(/Never shown/)).toBeNull();
    expect(screen.queryByText('Top-level card')).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("shows an unknown type as 'Unknown Visualization Type' with its raw data", () => {
    render(<VisualizationView objects={{ type: 'sankey', nodes: ['<b>Income</b>', 'Rent'] }} />);
    expect(screen.getByRole('heading', { name: 'Unknown Visualization Type' })).toBeInTheDocument();
    const dump = screen.getByText(/"type": "sankey"/);
    expect(dump).toHaveTextContent('"<b>Income</b>"');
    expect(dump.querySelector('b')).toBeNull();
  });

  it('gives each card its actions, with what a save or fork needs', () => {
    const actions = vi.fn((card: VisualizationCardInfo) => (
      <button type="button" aria-label={`Save ${card.title ?? card.index}`}>
        save
      </button>
    ));
    render(
      <VisualizationView
        objects={[container, { type: 'content', title: 'Bare', content: 'x' }]}
        actions={actions}
      />,
    );
    expect(actions).toHaveBeenCalledTimes(2);
    expect(actions.mock.calls[0]?.[0]).toMatchObject({
      id: 'query-123_0',
      title: 'Spending summary',
      isNew: true,
      index: 0,
    });
    expect(actions.mock.calls[1]?.[0]).toMatchObject({
      id: undefined,
      title: 'Bare',
      isNew: false,
      index: 1,
    });
    const first = screen.getByRole('article', { name: 'Spending summary' });
    expect(within(first).getByRole('button', { name: 'Save Spending summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Bare' })).toBeInTheDocument();
  });

  it('shows the empty content when there is nothing to render, and never throws on junk', () => {
    render(<VisualizationView objects={'not json'} empty={<p>Nothing here</p>} />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    for (const junk of [null, 42, [null, 'x'], { dsl_objects: [{ type: 'info' }] }]) {
      expect(() => render(<VisualizationView objects={junk} />)).not.toThrow();
    }
  });

  it('reads a response or resource carrying dsl_objects', () => {
    render(<VisualizationView objects={{ success: true, dsl_objects: [container] }} />);
    expect(screen.getByRole('article', { name: 'Spending summary' })).toBeInTheDocument();
  });
});
