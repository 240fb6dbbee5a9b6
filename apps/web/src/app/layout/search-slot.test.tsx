import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderRoutes } from '@/test/render';
import { FallbackSearchBox } from './search-slot';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('header search box (docs/product/search.md Search)', () => {
  it('is required, keeps the button disabled until trimmed text exists, then opens /search-page/{query}/1', async () => {
    const u = userEvent.setup();
    renderRoutes([
      {
        path: '*',
        element: (
          <>
            <FallbackSearchBox />
            <Where />
          </>
        ),
      },
    ]);
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect(input).toBeRequired();
    expect(button).toBeDisabled();
    await u.type(input, '   ');
    expect(button).toBeDisabled();
    await u.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/');
    await u.type(input, ' wooden button ');
    expect(button).toBeEnabled();
    await u.click(button);
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page/wooden%20button/1');
  });
});
