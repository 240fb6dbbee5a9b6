import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { renderWithProviders } from '@/test/render';
import { expectReadOnly, signInStaff } from '@/test/staff';
import { retype } from '@/test/forms';
import { stubStaffResource } from '@/test/staff-resource';
import { CustomerAddresses } from './customer-addresses';

beforeAll(() => preloadTranslations(['addresses', 'errors', 'common']));

const shipping: AddressBookEntry = {
  id: 7,
  label: 'Shipping address',
  company: 'Liberty Crafts Receiving',
  line1: '10 Dock Road',
  line2: null,
  city: 'Buffalo',
  region: 'NY',
  postal_code: '14203',
  country: 'us',
  is_default: true,
  is_billing: false,
  open_orders: 0,
};

function stubBook() {
  let addresses = [shipping];
  return stubStaffResource(
    '/api/admin/customers/40/addresses',
    () => addresses,
    (method, url, body) => {
      if (method === 'PUT')
        addresses = addresses.map((a) =>
          url.pathname.endsWith(`/${a.id}`) ? { ...a, ...body } : a,
        );
      return addresses;
    },
    (book) => ({ status: true, addresses: book }),
  );
}

describe('CustomerAddresses (staff customer screen)', () => {
  it('is read-only for staff who may not change it', async () => {
    signInStaff(['orders']);
    stubBook();
    renderWithProviders(<CustomerAddresses customerId={40} country="us" canEdit={false} />);
    expect(await screen.findByRole('listitem', { name: 'Shipping address' })).toHaveTextContent(
      'Liberty Crafts Receiving',
    );
    expectReadOnly("Only credit staff and admins change a customer's addresses.");
  });

  it('lets credit staff edit an address, checking the ZIP code against the state', async () => {
    signInStaff(['credit']);
    const writes = stubBook();
    renderWithProviders(<CustomerAddresses customerId={40} country="us" canEdit />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Shipping address' }));
    const form = within(screen.getByRole('form', { name: 'Edit Shipping address' }));
    const zip = form.getByLabelText('ZIP code');
    await retype(zip, '90210');
    await userEvent.click(form.getByRole('button', { name: 'Save address' }));
    expect(await form.findByText('ZIP code does not belong to the state chosen')).toBeVisible();
    expect(writes).toEqual([]);

    await retype(zip, '14203 1234');
    await userEvent.click(form.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved')).toBeVisible();
    await waitFor(() => expect(screen.getByText(/14203-1234/)).toBeVisible());
    const [put] = writes;
    expect(put.path).toBe('/api/admin/customers/40/addresses/7');
    expect(put.body).toMatchObject({
      region: 'NY',
      postal_code: '14203-1234',
      country: 'us',
    });
  });
});
