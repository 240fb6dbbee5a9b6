import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with catalogue. */
export default function ProductsPage() {
  return <PagePlaceholder title="products" feature="catalogue" />;
}
