import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableBlock } from './table-block.tsx';

function rows(count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: `row-${i + 1}`, amount: i + 0.5 }));
}

function bodyRows() {
  return within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
}

/** The browser's clipboard: outside our code, so the one thing these tests stand in for. */
function stubClipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('<TableBlock>', () => {
  it('shows 15 rows a page and pages through the rest', async () => {
    const user = userEvent.setup();
    render(<TableBlock block={{ type: 'table', title: 'Ledger', rows: rows(40) }} headingLevel={3} />);
    expect(bodyRows()).toHaveLength(15);
    expect(screen.getByText('Rows 1–15 of 40')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('row-16');

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Rows 31–40 of 40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(bodyRows()[0]).toHaveTextContent('row-1');
  });

  it('has no pagination at 15 rows or fewer', () => {
    render(<TableBlock block={{ type: 'table', rows: rows(15) }} headingLevel={3} />);
    expect(bodyRows()).toHaveLength(15);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("says 'No data available' when there are no rows", () => {
    render(
      <TableBlock block={{ type: 'table', title: 'Pending', columns: ['a'], rows: [] }} headingLevel={3} />,
    );
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('scrolls 6 or more columns sideways with 150 px columns; 5 or fewer share the width equally', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'];
    const { unmount } = render(
      <TableBlock block={{ type: 'table', columns: six, rows: [[1, 2, 3, 4, 5, 6]] }} headingLevel={3} />,
    );
    const region = screen.getByRole('region');
    expect(region).toHaveClass('overflow-x-auto');
    expect(region).toHaveAttribute('tabindex', '0');
    for (const header of screen.getAllByRole('columnheader'))
      expect(header).toHaveStyle({ minWidth: '150px' });
    unmount();

    const { container } = render(
      <TableBlock
        block={{ type: 'table', columns: ['a', 'b', 'c', 'd'], rows: [[1, 2, 3, 4]] }}
        headingLevel={3}
      />,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('table')).toHaveClass('table-fixed');
    const widths = [...container.querySelectorAll('col')].map((col) => (col as HTMLElement).style.width);
    expect(widths).toEqual(['25%', '25%', '25%', '25%']);
  });

  it('right-aligns amounts with tabular numerals', () => {
    render(
      <TableBlock
        block={{ type: 'table', columns: ['item', 'price'], rows: [['Coffee', 4.5]] }}
        headingLevel={3}
      />,
    );
    const cell = screen.getByRole('cell', { name: '$4.50' });
    expect(cell).toHaveClass('text-right', 'amount');
  });

  it('copies a whole hash on click and any cell on double-click, showing Copied for 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = stubClipboard();
    const hash = `0x${'f00dbabe'.repeat(8)}`;
    render(
      <TableBlock
        block={{ type: 'table', columns: ['tx', 'memo'], rows: [[hash, 'Rent']] }}
        headingLevel={3}
      />,
    );

    const shown = `${hash.slice(0, 8)}…${hash.slice(-6)}`;
    const button = screen.getByRole('button', { name: `${shown}: copy the full value` });
    expect(button).toHaveTextContent(shown);
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenLastCalledWith(hash);
    expect(screen.getByText('Copied')).toBeInTheDocument();
    expect(screen.getByText('Copied to clipboard')).toBeInTheDocument();

    await act(async () => {
      vi.advanceTimersByTime(1400);
    });
    expect(screen.getByText('Copied')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Copied')).toBeNull();

    const memo = screen.getByRole('cell', { name: 'Rent' });
    await act(async () => {
      fireEvent.doubleClick(memo);
    });
    expect(writeText).toHaveBeenLastCalledWith('Rent');
    expect(memo).toHaveAttribute('data-copied', 'true');
  });
});
