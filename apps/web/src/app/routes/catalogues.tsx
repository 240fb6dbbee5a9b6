import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function CataloguesPage() {
  return <PagePlaceholder title="catalogues" feature="content" />;
}
