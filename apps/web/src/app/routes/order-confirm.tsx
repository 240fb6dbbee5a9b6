import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function OrderConfirmPage() {
  return <PagePlaceholder title="orderConfirm" feature="cart" />;
}
