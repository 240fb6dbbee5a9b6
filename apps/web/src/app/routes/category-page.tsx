import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with catalogue. */
export default function CategoryPagePage() {
  return <PagePlaceholder title="categoryPage" feature="catalogue" />;
}
