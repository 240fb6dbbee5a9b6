import { AddressBookPage } from '@/features/accounts/components/address-book-page';

/** /profile/addresses: the buyer's address book (GET/POST/PUT/DELETE /api/me/addresses). */
export default function ProfileAddressesPage() {
  return <AddressBookPage />;
}
