import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function PrintOrderPage() {
  return <PagePlaceholder title="printOrder" feature="cart" />;
}
