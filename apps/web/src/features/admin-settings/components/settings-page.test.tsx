import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminStoreIdentity } from '@wholesale/contract';
import { setLanguage } from '@/lib/i18n';
import { renderRoutes, stubFetch, validationFailed } from '@/test/render';
import { TEST_STORE } from '@/test/store-identity';
import { SettingsPage } from './settings-page';

const URL = '/api/admin/settings/identity';
const NOT_SET: AdminStoreIdentity = {
  set: false,
  identity: null,
  updated_at: null,
  updated_by: null,
};
const SAVED: AdminStoreIdentity = {
  set: true,
  identity: TEST_STORE,
  updated_at: '2026-11-02T15:04:00.000Z',
  updated_by: 'owner@maple-test.example',
};

const renderPage = () =>
  renderRoutes([{ path: '/admin/settings', element: <SettingsPage /> }], '/admin/settings');

/** The control labelled `label` inside the group (fieldset) named `group`. */
const inGroup = (group: string, label: string) =>
  within(screen.getByRole('group', { name: group })).getByLabelText(label);

afterEach(() => setLanguage(''));

describe('store settings', () => {
  it('on a fresh store: says the identity is not set, refuses an empty form naming each field, then saves', async () => {
    let sent: unknown;
    stubFetch({
      [URL]: (_url, init) => {
        if (init?.method !== 'PUT') return NOT_SET;
        sent = JSON.parse(String(init.body));
        return { ...SAVED, identity: sent };
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/identity is not set yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Store name (English) is required')).toBeInTheDocument();
    expect(screen.getByText('Legal name is required')).toBeInTheDocument();
    expect(screen.getByText('Head office — Phone is required')).toBeInTheDocument();
    // The first refused field has the focus and says why.
    const name = inGroup('Store name', 'English');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Store name (English) is required');
    expect(sent).toBeUndefined();

    await user.type(name, 'Birch Supply');
    await user.type(screen.getByLabelText('Legal name'), 'Birch Supply Inc.');
    const office = screen.getByRole('group', { name: 'Head office' });
    await user.type(inGroup('Address', 'English'), '1 Birch Lane');
    await user.type(within(office).getByLabelText('Phone'), 'not a phone');
    await user.type(within(office).getByLabelText('E-mail'), 'hello@birch.example');
    await user.type(screen.getByLabelText('GST/HST number'), '123456789 RT0001');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Head office — Phone must be a phone number such as +1 514 555 0100'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('GST/HST number must look like 123456782 RT0001 (a valid business number)'),
    ).toBeInTheDocument();

    await user.clear(within(office).getByLabelText('Phone'));
    await user.type(within(office).getByLabelText('Phone'), '1 800 555 0199');
    await user.clear(screen.getByLabelText('GST/HST number'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Store settings saved')).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: { en: 'Birch Supply', fr: '', es: '' },
      legal_name: 'Birch Supply Inc.',
      head_office: { phone: '1 800 555 0199', email: 'hello@birch.example' },
      tax: { gst_hst: '', qst: '', us_ein: '' },
    });
    expect(await screen.findByText(/Last saved .* by owner@maple-test\.example\./)).toBeVisible();
  });

  it("shows the server's refusals on their fields, in the reader's language", async () => {
    await setLanguage('fr');
    stubFetch({
      [URL]: (_url, init) =>
        init?.method === 'PUT'
          ? validationFailed({ 'support_fr.email': 'French support e-mail must be …' })
          : SAVED,
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByDisplayValue('Maple Test Supply')).toBeInTheDocument();
    expect(
      screen.getByText(/Dernier enregistrement le .* par owner@maple-test\.example/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(
      await screen.findByText(
        'Service en français — Courriel doit être une adresse courriel, par exemple orders@example.com',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/1 champ est à corriger/)).toBeInTheDocument();
  });

  it('uploads a logo, shows it, and saves its path; a failed load offers to try again', async () => {
    const logo = '/files/content/store_logo/0b6f7c1e-1d2a-4c3b-9e8f-123456789abc.png';
    let sent: { logo?: string } | undefined;
    let loads = 0;
    const { calls } = stubFetch({
      [`${URL}/logo`]: () => ({ logo }),
      [URL]: (_url, init) => {
        if (init?.method === 'PUT') {
          sent = JSON.parse(String(init.body));
          return { ...SAVED, identity: sent };
        }
        loads += 1;
        return loads === 1 ? new Response('down', { status: 503 }) : SAVED;
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await user.upload(
      await screen.findByLabelText('Upload a logo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute('src', logo);
    const upload = calls.find((c) => c.url.pathname === `${URL}/logo`);
    expect(upload?.init?.body).toBeInstanceOf(FormData);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent?.logo).toBe(logo));
  });
});
