import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { data } from 'react-router';
import { renderFailing } from '@/test/error-route';

/** The error page's heading, then the detail of what went wrong. */
async function expectErrorPage(detail: string) {
  expect(
    await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
  ).toBeInTheDocument();
  expect(screen.getByText(detail)).toBeInTheDocument();
}

describe('default error page (docs/product/storefront-ux.md)', () => {
  it('shows the heading then the status and status text of a route error', async () => {
    renderFailing(() => {
      throw data('gone', { status: 410, statusText: 'Gone' });
    });
    await expectErrorPage('410 Gone');
  });

  it('shows the message of a thrown error', async () => {
    renderFailing(() => {
      throw new Error('Catalogue exploded');
    });
    await expectErrorPage('Catalogue exploded');
  });

  it('answers an unknown path with 404 Not Found', async () => {
    renderFailing(
      (() => {
        throw new Error('unused');
      }) as () => never,
      '/no/such/page',
    );
    await expectErrorPage('404 Not Found');
  });
});
