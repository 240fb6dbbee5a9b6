import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function OrderPage() {
  return <PagePlaceholder title="order" feature="cart" />;
}
