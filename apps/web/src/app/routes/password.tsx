import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function PasswordPage() {
  return <PagePlaceholder title="password" feature="accounts" />;
}
