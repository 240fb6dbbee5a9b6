import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function AccountRegistrationPage() {
  return <PagePlaceholder title="accountRegistration" feature="accounts" />;
}
