import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderFailing } from '@/test/error-route';
import { REQUEST_ID, serverFailure } from '@/test/server-failure';

describe('the error page after a server failure', () => {
  it('shows the request id for support', async () => {
    const error = await serverFailure();
    renderFailing(() => {
      throw error;
    });
    expect(await screen.findByText(`Reference for support: ${REQUEST_ID}`)).toBeInTheDocument();
  });
});
