import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function AdminContentPage() {
  return <PagePlaceholder title="adminContent" feature="content" />;
}
