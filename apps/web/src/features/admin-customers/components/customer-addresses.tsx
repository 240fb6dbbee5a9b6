import { useTranslation } from 'react-i18next';
import { AddressBookView } from '@/components/ui/address-book-view';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffAlert } from '@/components/ui/staff-alert';
import { useErrorMessage } from '@/lib/error-message';
import { useCustomerAddresses, useCustomerAddressChanges } from '../api/customer-addresses';

/**
 * The customer screen's address book (docs/product/back-office-staff-and-customers.md
 * "Customers"): every staff member who opens the screen reads it; credit staff and admins
 * (`canEdit`) add, edit, make default and remove, each change audit-logged by the API.
 */
export function CustomerAddresses({
  customerId,
  country,
  canEdit,
}: {
  customerId: number;
  country: 'ca' | 'us';
  canEdit: boolean;
}) {
  const { t } = useTranslation('addresses');
  const errorMessage = useErrorMessage(country);
  const book = useCustomerAddresses(customerId);
  const writes = useCustomerAddressChanges(customerId);
  return (
    <section aria-labelledby="customer-addresses-title" data-testid="customer-addresses">
      <h2 id="customer-addresses-title">{t('staffTitle')}</h2>
      {canEdit ? null : <p>{t('staffReadOnly')}</p>}
      {book.isPending ? (
        <LoadingOverlay />
      ) : book.isError ? (
        <StaffAlert>{errorMessage(book.error)}</StaffAlert>
      ) : (
        <AddressBookView
          // NOTE: `?? []`: an answer without a book (an older API) shows an empty one.
          addresses={book.data.addresses ?? []}
          country={country}
          writes={canEdit ? writes : undefined}
          headingLevel={3}
        />
      )}
    </section>
  );
}
