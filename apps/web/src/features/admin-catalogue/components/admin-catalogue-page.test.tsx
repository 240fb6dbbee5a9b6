import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminImportJob } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { apiError, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { AdminCataloguePage } from './admin-catalogue-page';

beforeAll(() =>
  preloadTranslations(['admin-catalogue', 'errors', 'common', 'catalogue'], ['en', 'fr', 'es']),
);
afterEach(() => i18n.changeLanguage('en'));

/** The API's 413 to a workbook built to explode when unpacked (import.limits.test.ts). */
const zipBomb = () =>
  apiError(413, {
    code: 'PAYLOAD_TOO_LARGE',
    message:
      'The part xl/worksheets/sheet1.xml of the file is compressed 952 times: refused as a ZIP bomb',
    fields: { file: 'The part xl/worksheets/sheet1.xml …' },
    reason: {
      key: 'IMPORT_ZIP_BOMB',
      params: { part: 'xl/worksheets/sheet1.xml', ratio: 952 },
    },
  });

/** Content staff on the catalogue page, `imports` answering /api/admin/imports; the calls made. */
function renderPage(imports: (url: URL, init?: RequestInit) => unknown) {
  signInStaff(['content']);
  const { calls } = stubFetch({ '/api/admin/imports': imports });
  renderRoutes([{ path: '/admin/catalogue', element: <AdminCataloguePage /> }], '/admin/catalogue');
  return calls;
}

describe('a catalogue file refused for what it would cost to read', () => {
  it.each([
    ['en', 'The part xl/worksheets/sheet1.xml of the file is compressed 952 times'],
    ['fr', 'La partie xl/worksheets/sheet1.xml du fichier est compressée 952 fois'],
    ['es', 'La parte xl/worksheets/sheet1.xml del archivo está comprimida 952 veces'],
  ])('says why in %s, beside the file field', async (lang, text) => {
    await i18n.changeLanguage(lang);
    renderPage((_url, init) => (init?.method === 'POST' ? zipBomb() : { imports: [] }));
    const user = userEvent.setup();
    const file = new File(['PK'], 'bomb.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByLabelText(i18n.t('admin-catalogue:upload.file')), file);
    await user.click(screen.getByRole('button', { name: i18n.t('admin-catalogue:upload.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});

describe('the refused rows of an import', () => {
  const TOTAL = 120;
  const job: AdminImportJob = {
    id: 7,
    status: 'done',
    dry_run: false,
    create_missing: false,
    structure: [],
    file_name: 'big.csv',
    created_at: '2026-11-28T10:00:00Z',
    finished_at: '2026-11-28T10:01:00Z',
    created_by: 'Chloé Martin',
    rows_total: TOTAL,
    rows_done: TOTAL,
    created: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    groups: {},
    error_count: TOTAL,
    errors: [],
    failure: null,
  };
  /** The API's page of refused rows: rows 2..121, each an unknown class. */
  const errorsPage = (url: URL) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 50);
    const rows = Array.from({ length: TOTAL }, (_, i) => ({
      row: i + 2,
      column: 'class',
      value: `Z${i + 1}`,
      message: `class Z${i + 1} is not a known class (A, B)`,
    }));
    return {
      data: rows.slice((page - 1) * perPage, page * perPage),
      total: TOTAL,
      current_page: page,
      last_page: Math.ceil(TOTAL / perPage),
      per_page: perPage,
    };
  };

  async function openJob(lang = 'en') {
    await i18n.changeLanguage(lang);
    const calls = renderPage((url) =>
      url.pathname.endsWith('/errors')
        ? errorsPage(url)
        : url.pathname.endsWith('/7')
          ? job
          : { imports: [job] },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'big.csv' }));
    return { user, calls };
  }

  const bodyRows = async () => {
    const table = await screen.findByRole('table', { name: /Refused rows|Lignes refusées/ });
    return within(table).getAllByRole('row').slice(1);
  };

  it('lists 50 a page from the API and pages through the rest', async () => {
    const { user, calls } = await openJob();
    await waitFor(async () => expect(await bodyRows()).toHaveLength(50));
    expect((await bodyRows())[0]).toHaveTextContent('2classZ1class Z1 is not a known class');
    const errorCalls = () => calls.filter((c) => c.url.pathname === '/api/admin/imports/7/errors');
    expect(errorCalls()[0].url.searchParams.get('per_page')).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(20));
    expect(errorCalls().at(-1)!.url.searchParams.get('page')).toBe('3');
    expect((await bodyRows()).at(-1)).toHaveTextContent(`${TOTAL + 1}classZ${TOTAL}`);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('offers the errors file in the staff member’s language and translates the reasons', async () => {
    await openJob('fr');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(50));
    expect((await bodyRows())[0]).toHaveTextContent('la classe Z1 n’est pas une classe connue');
    const link = screen.getByRole('link', { name: 'Tout télécharger (errors.csv)' });
    expect(link).toHaveAttribute('href', '/api/admin/imports/7/errors.csv?lang=fr');
    expect(link).toHaveAttribute('download');
  });
});
