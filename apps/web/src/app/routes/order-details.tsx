import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function OrderDetailsPage() {
  return <PagePlaceholder title="orderDetails" feature="cart" />;
}
