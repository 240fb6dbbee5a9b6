import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { PageSelector } from './page-selector';

/**
 * The button once the menu's code has loaded on the pointer coming over it: Radix marks its
 * trigger with data-state, the look-alike drawn with the page has none.
 */
async function loadedButton(name: RegExp): Promise<HTMLElement> {
  await userEvent.hover(await screen.findByRole('button', { name }));
  return waitFor(() => {
    const button = screen.getByRole('button', { name });
    expect(button).toHaveAttribute('data-state');
    return button;
  });
}

describe('PageSelector', () => {
  it('defaults to page 1 of 10 and lists pages 1 to 10 when opened', async () => {
    await setLanguage('');
    renderWithProviders(<PageSelector onSelect={vi.fn()} />);
    const button = await screen.findByRole('button', { name: /Select a Page: Page 1 of 10/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Pressed before the menu's code has loaded (page-selector.tsx): it opens once it has.
    fireEvent.click(button);
    const options = await screen.findAllByRole('menuitemradio');
    expect(options.map((o) => o.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(options[0]).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(options[0]).toHaveFocus());
    expect(screen.getByRole('button', { name: /Page 1 of 10/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("loads the menu's code when the pointer comes over the button, not before", async () => {
    renderWithProviders(<PageSelector currentPage={2} lastPage={4} onSelect={vi.fn()} />);
    const lookAlike = await screen.findByRole('button', { name: /Page 2 of 4/ });
    expect(lookAlike).not.toHaveAttribute('data-state');
    await loadedButton(/Page 2 of 4/);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('sets the page and closes when a page is chosen', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<PageSelector currentPage={2} lastPage={30} onSelect={onSelect} />);
    await userEvent.click(await loadedButton(/Page 2 of 30/));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: '17' }));
    expect(onSelect).toHaveBeenCalledWith(17);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a click outside without choosing', async () => {
    const onSelect = vi.fn();
    renderWithProviders(
      <div>
        <p>outside</p>
        <PageSelector currentPage={1} lastPage={5} onSelect={onSelect} />
      </div>,
    );
    await userEvent.click(await loadedButton(/Page 1 of 5/));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => {
      fireEvent.pointerDown(screen.getByText('outside'));
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('is keyboard operable: opens from the keyboard on the current page, arrows move, Enter chooses, Escape closes', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<PageSelector currentPage={3} lastPage={8} onSelect={onSelect} />);
    const button = await screen.findByRole('button', { name: /Page 3 of 8/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: '3' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(5);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Page 3 of 8/ }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Page 3 of 8/ })).toHaveFocus();
  });

  it('limits the list to 15rem and makes it scrollable (stylesheet rule)', () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, 'pagination.css'), 'utf8');
    expect(css).toMatch(
      /\.page-selector__list\s*{[^}]*max-height:\s*15rem;[^}]*overflow-y:\s*auto;/,
    );
  });
});
