import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { Pagination } from './pagination';

function setup(currentPage: number, totalPages: number) {
  const handlers = { onPrevious: vi.fn(), onNext: vi.fn(), onSelect: vi.fn() };
  renderWithProviders(
    <Pagination currentPage={currentPage} totalPages={totalPages} {...handlers} />,
  );
  return handlers;
}

const labels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Pagination' });
  return [...nav.querySelectorAll('.pagination__pages > li')].map((li) => li.textContent);
};

describe('Pagination (docs/product/catalogue.md)', () => {
  it('shows first, last and one neighbour each side, with ellipses in the gaps', async () => {
    await setLanguage('');
    setup(5, 10);
    expect(await labels()).toEqual(['1', '…', '4', '5', '6', '…', '10']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no ellipsis when the pages are contiguous', async () => {
    setup(2, 4);
    expect(await labels()).toEqual(['1', '2', '3', '4']);
  });

  it('disables previous on page 1 and next on the last page', async () => {
    setup(1, 3);
    expect(await screen.findByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('disables next on the last page and calls the handlers', async () => {
    const h = setup(3, 3);
    expect(await screen.findByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(h.onPrevious).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(h.onSelect).toHaveBeenCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(h.onSelect).toHaveBeenCalledTimes(1);
  });

  it('shows one page with both steps disabled', async () => {
    setup(1, 1);
    expect(await labels()).toEqual(['1']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
