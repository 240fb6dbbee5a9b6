import { AccountRegistrationInfo } from '@/features/accounts/components/account-registration-info';

/** /account-registration (guest-only): what a trade account is; leads to /register. */
export default function AccountRegistrationPage() {
  return <AccountRegistrationInfo />;
}
