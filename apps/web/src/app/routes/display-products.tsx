import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with catalogue. */
export default function DisplayProductsPage() {
  return <PagePlaceholder title="displayProducts" feature="catalogue" />;
}
