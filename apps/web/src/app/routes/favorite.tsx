import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function FavoritePage() {
  return <PagePlaceholder title="favorite" feature="cart" />;
}
