import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with catalogue. */
export default function ProductGroupsPage() {
  return <PagePlaceholder title="productGroup" feature="catalogue" />;
}
