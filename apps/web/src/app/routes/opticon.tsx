import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function OpticonPage() {
  return <PagePlaceholder title="opticon" feature="cart" />;
}
