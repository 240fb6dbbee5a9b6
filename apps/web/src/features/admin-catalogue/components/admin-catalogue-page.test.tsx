import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { AdminCataloguePage } from './admin-catalogue-page';

beforeAll(() => preloadTranslations(['admin-catalogue', 'errors', 'common'], ['en', 'fr', 'es']));
afterEach(() => i18n.changeLanguage('en'));

/** The API's 413 to a workbook built to explode when unpacked (import.limits.test.ts). */
const zipBomb = () =>
  new Response(
    JSON.stringify({
      status: false,
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message:
          'The part xl/worksheets/sheet1.xml of the file is compressed 952 times: refused as a ZIP bomb',
        fields: { file: 'The part xl/worksheets/sheet1.xml …' },
        reason: {
          key: 'IMPORT_ZIP_BOMB',
          params: { part: 'xl/worksheets/sheet1.xml', ratio: 952 },
        },
      },
    }),
    { status: 413, headers: { 'content-type': 'application/json' } },
  );

describe('a catalogue file refused for what it would cost to read', () => {
  it.each([
    ['en', 'The part xl/worksheets/sheet1.xml of the file is compressed 952 times'],
    ['fr', 'La partie xl/worksheets/sheet1.xml du fichier est compressée 952 fois'],
    ['es', 'La parte xl/worksheets/sheet1.xml del archivo está comprimida 952 veces'],
  ])('says why in %s, beside the file field', async (lang, text) => {
    await i18n.changeLanguage(lang);
    signInStaff(['content']);
    const { fetchMock } = stubFetch({
      '/api/admin/imports': (_url, init) => (init?.method === 'POST' ? zipBomb() : { imports: [] }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(
      [{ path: '/admin/catalogue', element: <AdminCataloguePage /> }],
      '/admin/catalogue',
    );
    const user = userEvent.setup();
    const file = new File(['PK'], 'bomb.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByLabelText(i18n.t('admin-catalogue:upload.file')), file);
    await user.click(screen.getByRole('button', { name: i18n.t('admin-catalogue:upload.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
