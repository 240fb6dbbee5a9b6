import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with registration. */
export default function AdminApplicationDetailPage() {
  return <PagePlaceholder title="adminApplication" feature="registration" />;
}
