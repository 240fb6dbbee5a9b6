import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function CartPage() {
  return <PagePlaceholder title="cart" feature="cart" />;
}
