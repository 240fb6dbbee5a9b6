import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, type AuditEntryDto } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { fillAndSubmit } from '@/test/forms';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { AuditPage } from './audit-page';

const LANGS = ['en', 'fr', 'es'] as const;
beforeAll(() => preloadTranslations(['admin-people', 'catalogue', 'errors', 'common'], LANGS));
afterEach(() => i18n.changeLanguage('en'));

const entry = (id: number, over: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id,
  at: '2026-11-20T15:00:00.000Z',
  actor_id: 1,
  actor_email: 'admin@example.com',
  action: 'customer.deactivate',
  entity: 'customer',
  entity_id: '40',
  before: { active: true },
  after: { active: false },
  ...over,
});

function stubAudit() {
  const { calls } = stubFetch({
    '/api/admin/audit': (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return {
        status: true,
        data: [
          entry(page * 10, {
            entity: 'webhook_delivery',
            entity_id: String(page * 10),
            action: 'webhook_delivery.redeliver',
          }),
          entry(page * 10 + 1),
        ],
        total: 120,
        current_page: page,
        last_page: 3,
        per_page: 50,
      };
    },
  });
  return calls;
}
const renderAudit = (at = '/admin/audit') =>
  renderRoutes([{ path: '/admin/audit', element: <AuditPage /> }], at);

const localeDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');
const entityLabels = (lang: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(localeDir, lang, 'admin-people.json'), 'utf8')).audit
    .entities;

describe('/admin/audit', () => {
  it('sends the filters, keeps them in the URL, and shows each change field by field', async () => {
    signInStaff(['admin']);
    const calls = stubAudit();
    const { router } = renderAudit();
    const row = (await screen.findByText('customer.deactivate')).closest('tr')!;
    expect(within(row).getByText('Customer #40')).toBeInTheDocument();
    expect(within(row).getByRole('rowheader', { name: 'active' })).toBeInTheDocument();
    expect(within(row).getByText('true')).toBeInTheDocument();
    expect(within(row).getByText('false')).toBeInTheDocument();
    expect(screen.getByText('Webhook delivery #10')).toBeInTheDocument();

    await fillAndSubmit(
      {
        'Who (e-mail)': 'credit@',
        Action: 'customer.',
        What: 'customer',
        From: '2026-11-01',
        To: '2026-11-30',
      },
      'Filter',
    );
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({
        actor: 'credit@',
        action: 'customer.',
        entity: 'customer',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
        per_page: '50',
      }),
    );
    expect(router.state.location.search).toBe(
      '?actor=credit%40&action=customer.&entity=customer&from=2026-11-01&to=2026-11-30',
    );
  });

  it("stacks on a phone: every value under its column's name, e-mails and actions wrapping at their dots", async () => {
    signInStaff(['admin']);
    stubAudit();
    renderAudit();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    // stacked-table.css and audit-page.css: one small grid an entry where the log is narrow (a phone,
    // or beside the menu below a 1032 px window), the table above.
    expect(table).toHaveClass('stacked-table');
    const row = within(table).getByText('customer.deactivate').closest('tr')!;
    const cell = (text: string) => within(row).getByText(text).closest('td');
    expect(cell('Customer #40')).toHaveAttribute('data-label', 'What');
    // The change's own cells name their column too, its headings being hidden there.
    expect(cell('true')).toHaveAttribute('data-label', 'Before');
    expect(cell('false')).toHaveAttribute('data-label', 'After');
    // A line may break after the @ and the dots (<wbr>), never inside what is copied.
    const who = within(row).getByText('admin@example.com');
    expect(who.closest('td')).toHaveAttribute('data-label', 'Who (e-mail)');
    expect(who.querySelectorAll('wbr')).toHaveLength(2);
    expect(within(row).getByText('customer.deactivate').querySelectorAll('wbr')).toHaveLength(1);
  });

  it('pages through the log, keeping the filters', async () => {
    signInStaff(['admin']);
    const calls = stubAudit();
    const user = userEvent.setup();
    renderAudit('/admin/audit?entity=order');
    await screen.findByText('120 entries');
    expect(screen.getByLabelText('What')).toHaveValue('order');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2'));
    expect(calls.at(-1)!.url.searchParams.get('entity')).toBe('order');
    expect(await screen.findByText('Webhook delivery #20')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('page')).toBe('3'));
  });

  it.each(LANGS)(
    'offers every audited entity by its %s name (the API can write no other)',
    async (lang) => {
      signInStaff(['admin']);
      stubAudit();
      await i18n.changeLanguage(lang);
      renderAudit();
      const labels = entityLabels(lang);
      expect(Object.keys(labels).sort()).toEqual([...AUDIT_ENTITIES].sort());
      const select = await screen.findByRole('combobox', {
        name: JSON.parse(fs.readFileSync(path.join(localeDir, lang, 'admin-people.json'), 'utf8'))
          .audit.entity,
      });
      const options = within(select)
        .getAllByRole('option')
        .slice(1)
        .map((o) => [o.getAttribute('value'), o.textContent]);
      expect(options).toEqual(AUDIT_ENTITIES.map((e) => [e, labels[e]]));
      for (const [value, text] of options) expect(text).not.toBe(value);
    },
  );
});
