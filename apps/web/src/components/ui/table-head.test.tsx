import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableHead } from './table-head';

function Table(props: Parameters<typeof TableHead<'name' | 'actions'>>[0]) {
  return (
    <table>
      <TableHead {...props} />
      <tbody />
    </table>
  );
}

describe('TableHead', () => {
  it('names the table by a hidden caption and each column by a scope="col" heading', () => {
    render(
      <Table
        caption="Tokens"
        columns={['name', 'actions']}
        label={(c) => c.toUpperCase()}
        hidden={['actions']}
      />,
    );
    const table = screen.getByRole('table', { name: 'Tokens' });
    expect(table.querySelector('caption')).toHaveClass('visually-hidden');
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((h) => h.textContent)).toEqual(['NAME', 'ACTIONS']);
    expect(headings.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(within(headings[1]!).getByText('ACTIONS')).toHaveClass('visually-hidden');
    expect(within(headings[0]!).getByText('NAME')).not.toHaveClass('visually-hidden');
  });

  it('shows the caption when asked, and writes none when given none', () => {
    const { rerender } = render(<Table caption="Deliveries" captionShown columns={['name']} />);
    expect(screen.getByRole('table').querySelector('caption')).not.toHaveAttribute('class');
    rerender(<Table columns={['name']} />);
    expect(screen.getByRole('table').querySelector('caption')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'name' })).toBeInTheDocument();
  });
});
