import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, validationFailed } from '@/test/render';
import { stubStaffResource } from '@/test/staff-resource';
import { WebhooksSection } from './webhooks-section';

const endpoint = {
  id: 4,
  url: 'https://erp.example.com/hook',
  events: ['order.placed'],
  status: 'paused',
  paused_reason: 'failing for 24 hours',
  failing_since: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-01T10:00:00.000Z',
};
const delivery = {
  id: 9,
  endpoint_id: 4,
  event: 'order.placed',
  status: 'failed',
  attempts: 3,
  next_attempt_at: '2026-11-21T10:00:00.000Z',
  last_error: 'HTTP 500',
  created_at: '2026-11-20T10:00:00.000Z',
  delivered_at: null,
  log: [{ at: '2026-11-20T10:00:00.000Z', status_code: 500, error: 'HTTP 500', duration_ms: 12 }],
};

/** The webhooks API: the paused endpoint and its failed delivery; a link-local URL is refused. */
function stubApi() {
  return stubStaffResource(
    '/api/admin',
    (url) =>
      url.pathname.endsWith('/deliveries')
        ? { status: true, deliveries: [delivery] }
        : { status: true, endpoints: [endpoint] },
    (_method, url, body) => {
      if (url.pathname === '/api/admin/webhooks' && String(body.url).startsWith('http://169.254')) {
        const message = 'url must not point at a link-local address';
        return validationFailed({ url: message }, message);
      }
      return { status: true, endpoint };
    },
    (answer) => answer,
  );
}

describe('WebhooksSection', () => {
  it('lists endpoints with why they are paused, resumes one, and redelivers a delivery', async () => {
    const writes = stubApi();
    renderWithProviders(<WebhooksSection />);
    expect(
      await screen.findByText(/Paused: failing for 24 hours · failing since/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(writes).toContainEqual({
        method: 'POST',
        path: '/api/admin/webhooks/4/resume',
        body: {},
      }),
    );
    expect(await screen.findByText('Endpoint resumed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deliveries' }));
    expect(await screen.findByText(/500 · 12 ms/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Redeliver' }));
    await waitFor(() =>
      expect(writes.map((w) => w.path)).toContain('/api/admin/webhook-deliveries/9/redeliver'),
    );
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
  });

  it('names the URL when the server refuses it, and shows a generated secret once', async () => {
    const writes = stubApi();
    renderWithProviders(<WebhooksSection />);
    await userEvent.type(await screen.findByLabelText('Endpoint URL'), 'http://169.254.169.254/x');
    await userEvent.click(screen.getByRole('button', { name: 'Register endpoint' }));
    expect(await screen.findByText(/not private, link-local/)).toBeInTheDocument();
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Endpoint URL'));
    await userEvent.type(screen.getByLabelText('Endpoint URL'), 'https://erp.example.com/new');
    await userEvent.click(screen.getByRole('button', { name: 'Register endpoint' }));
    const secret = await screen.findByTestId('webhook-secret');
    const sent = writes.at(-1)?.body as { secret: string; events: string[] };
    expect(sent.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).toHaveTextContent(sent.secret);
    expect(sent.events).toEqual(['order.placed', 'order.status_changed']);
  });
});
