import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function LoginPage() {
  return <PagePlaceholder title="login" feature="accounts" />;
}
