import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function CustomerSupportPage() {
  return <PagePlaceholder title="customerSupport" feature="content" />;
}
