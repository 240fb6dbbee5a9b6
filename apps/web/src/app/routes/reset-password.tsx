import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function ResetPasswordPage() {
  return <PagePlaceholder title="resetPassword" feature="accounts" />;
}
