import { useTranslation } from 'react-i18next';
import { AddressBookView } from '@/components/ui/address-book-view';
import { LoadFailed } from '@/components/ui/load-failed';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useCountry } from '@/lib/country';
import { usePageTitle } from '@/lib/page-title';
import { useAddressBook, useAddressBookChanges } from '../api/address-book';

/**
 * /profile/addresses (**My addresses**, docs/product/accounts.md "Addresses"): the buyer's address
 * book — add, edit, make default, remove an unused address — with optimistic changes.
 */
export function AddressBookPage() {
  const { t } = useTranslation('addresses');
  usePageTitle(t('title'));
  const country = useCountry();
  const book = useAddressBook();
  const writes = useAddressBookChanges();
  return (
    <section className="page" aria-labelledby="address-book-title">
      <h1 id="address-book-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      {book.isPending ? (
        <LoadingOverlay />
      ) : book.isError ? (
        <LoadFailed what={t('loadFailed')} error={book.error} />
      ) : (
        <AddressBookView
          addresses={book.data.addresses}
          country={country === 'us' ? 'us' : 'ca'}
          writes={writes}
        />
      )}
    </section>
  );
}
