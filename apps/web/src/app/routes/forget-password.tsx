import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function ForgetPasswordPage() {
  return <PagePlaceholder title="forgetPassword" feature="accounts" />;
}
