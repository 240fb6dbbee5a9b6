import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { PageControls } from './page-controls';

describe('PageControls', () => {
  it('moves to the previous, next or chosen page, with the page selector beside the bar', async () => {
    await setLanguage('');
    const onPage = vi.fn();
    const { container } = renderWithProviders(
      <PageControls page={3} lastPage={5} onPage={onPage} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPage.mock.calls).toEqual([[2], [4], [5]]);
    const row = container.querySelector('.listing__controls');
    expect(row?.children).toHaveLength(2);
    expect(row?.lastElementChild).toHaveClass('page-selector');
  });
});
