import { useTranslation } from 'react-i18next';
import { AddressBookView } from '@/components/ui/address-book-view';
import { useCustomerAddresses, useCustomerAddressChanges } from '../api/customer-addresses';
import { CustomerSection, type CustomerSectionProps } from './customer-section';

/**
 * The customer screen's address book (docs/product/back-office-staff-and-customers.md
 * "Customers"): every staff member who opens the screen reads it; credit staff and admins
 * (`canEdit`) add, edit, make default and remove, each change audit-logged by the API.
 */
export function CustomerAddresses({ customerId, country, canEdit }: CustomerSectionProps) {
  const { t } = useTranslation('addresses');
  const book = useCustomerAddresses(customerId);
  const writes = useCustomerAddressChanges(customerId);
  return (
    <CustomerSection
      name="customer-addresses"
      title={t('staffTitle')}
      intro={canEdit ? null : <p>{t('staffReadOnly')}</p>}
      query={book}
      country={country}
    >
      {({ addresses }) => (
        <AddressBookView
          // NOTE: `?? []`: an answer without a book (an older API) shows an empty one.
          addresses={addresses ?? []}
          country={country}
          writes={canEdit ? writes : undefined}
          headingLevel={3}
        />
      )}
    </CustomerSection>
  );
}
