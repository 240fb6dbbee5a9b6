import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with catalogue. */
export default function SearchPagePage() {
  return <PagePlaceholder title="search" feature="catalogue" />;
}
