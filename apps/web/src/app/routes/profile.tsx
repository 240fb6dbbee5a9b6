import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function ProfilePage() {
  return <PagePlaceholder title="profile" feature="accounts" />;
}
