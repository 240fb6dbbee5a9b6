import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function ProfilePasswordPage() {
  return <PagePlaceholder title="profilePassword" feature="accounts" />;
}
