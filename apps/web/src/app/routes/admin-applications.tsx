import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with registration. */
export default function AdminApplicationsPage() {
  return <PagePlaceholder title="adminApplications" feature="registration" />;
}
