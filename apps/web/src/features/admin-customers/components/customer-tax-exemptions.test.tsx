import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import type { TaxExemptionDto } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders, validationFailed } from '@/test/render';
import { fillAndSubmit } from '@/test/forms';
import { expectReadOnly, signInStaff } from '@/test/staff';
import { bodiesOf, stubStaffResource } from '@/test/staff-resource';
import { CustomerTaxExemptions } from './customer-tax-exemptions';

beforeAll(() =>
  preloadTranslations(['admin-tax-exemptions', 'addresses', 'errors', 'common'], ['en', 'fr']),
);

afterEach(() => i18n.changeLanguage('en'));

const pst: TaxExemptionDto = {
  id: 5,
  tax_kind: 'PST',
  region: 'BC',
  certificate_number: 'PST-1234-5678',
  valid_from: '2026-01-01',
  valid_until: null,
  revoked_at: null,
  recorded_by: 'Luc Bouchard',
  created_at: '2026-01-01T12:00:00.000Z',
  active: true,
};

function stubList(initial: TaxExemptionDto[], answer?: (body: unknown) => Response | undefined) {
  let exemptions = initial;
  return stubStaffResource(
    '/api/admin/customers/40/tax-exemptions',
    () => exemptions,
    (_method, url, body) => {
      if (url.pathname.endsWith('/revoke'))
        exemptions = exemptions.map((e) =>
          url.pathname.includes(`/${e.id}/`)
            ? { ...e, revoked_at: '2026-11-28T12:00:00.000Z', active: false }
            : e,
        );
      else {
        const refused = answer?.(body);
        if (refused) return refused;
        exemptions = [{ ...pst, ...(body as Partial<TaxExemptionDto>), id: 6 }, ...exemptions];
      }
      return exemptions;
    },
    (list) => ({ status: true, exemptions: list }),
  );
}

describe('CustomerTaxExemptions (staff customer screen)', () => {
  it('is read-only for orders staff: the certificates, no form, no revoke', async () => {
    signInStaff(['orders']);
    stubList([pst]);
    renderWithProviders(<CustomerTaxExemptions customerId={40} country="ca" canEdit={false} />);
    const item = await screen.findByRole('listitem', { name: 'PST-1234-5678' });
    expect(item).toHaveTextContent('British Columbia');
    expect(item).toHaveTextContent('Exempts today');
    expectReadOnly("Only credit staff and admins record or revoke a customer's certificates.");
  });

  it('lets credit staff record a Québec QST certificate, checking the fields first', async () => {
    signInStaff(['credit']);
    const writes = stubList([]);
    renderWithProviders(<CustomerTaxExemptions customerId={40} country="ca" canEdit />);
    expect(await screen.findByText('No certificates recorded.')).toBeVisible();
    const form = within(screen.getByRole('form', { name: 'Record a certificate' }));
    // A Canadian customer is offered PST and QST only; PST only where a province exempts it.
    expect(form.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'PST',
      'QST',
      'British Columbia',
      'Manitoba',
      'Saskatchewan',
    ]);
    await userEvent.click(form.getByRole('button', { name: 'Record certificate' }));
    expect(await form.findByText('Certificate number is required')).toBeVisible();
    expect(form.getByLabelText('Certificate number')).toHaveFocus();
    expect(writes).toEqual([]);

    await userEvent.selectOptions(form.getByLabelText('Tax exempted'), 'QST');
    expect(form.getByLabelText('Province')).toHaveValue('QC');
    await fillAndSubmit(
      {
        'Certificate number': '  QST-1000 ',
        'Valid from': '2026-02-01',
        'Valid until (optional)': '2026-01-01',
      },
      'Record certificate',
      form,
    );
    expect(await form.findByText('Valid until must not be before valid from')).toBeVisible();

    await userEvent.clear(form.getByLabelText('Valid until (optional)'));
    await userEvent.click(form.getByRole('button', { name: 'Record certificate' }));
    expect(await screen.findByText('Certificate recorded')).toBeVisible();
    expect(bodiesOf(writes, 'POST')).toEqual([
      {
        tax_kind: 'QST',
        region: 'QC',
        certificate_number: 'QST-1000',
        valid_from: '2026-02-01',
        valid_until: null,
      },
    ]);
    expect(await screen.findByRole('listitem', { name: 'QST-1000' })).toHaveTextContent('QST');
  });

  it('shows the API’s field message in the reader’s language (French)', async () => {
    signInStaff(['credit']);
    stubList([], () =>
      validationFailed(
        { region: 'Ontario has no PST: HST cannot be exempted here' },
        'Ontario has no PST: HST cannot be exempted here',
      ),
    );
    await i18n.changeLanguage('fr');
    renderWithProviders(<CustomerTaxExemptions customerId={40} country="ca" canEdit />);
    const form = within(await screen.findByRole('form', { name: 'Enregistrer un certificat' }));
    await fillAndSubmit(
      { 'Numéro de certificat': 'X-1', 'Valide à partir du': '2026-02-01' },
      'Enregistrer le certificat',
      form,
    );
    expect(
      await form.findByText('Ontario n’a pas de TVP : la TVH ne peut pas être exonérée ici'),
    ).toBeVisible();
  });

  it('revokes a certificate after confirming', async () => {
    signInStaff(['credit']);
    const writes = stubList([pst]);
    renderWithProviders(<CustomerTaxExemptions customerId={40} country="ca" canEdit />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke certificate PST-1234-5678' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Certificate PST-1234-5678 revoked')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'PST-1234-5678' })).toHaveTextContent('Revoked'),
    );
    expect(writes.map((w) => w.path)).toEqual(['/api/admin/customers/40/tax-exemptions/5/revoke']);
  });
});
