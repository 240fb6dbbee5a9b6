import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with cart. */
export default function FavouriteViewPage() {
  return <PagePlaceholder title="favouriteView" feature="cart" />;
}
