import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with catalogue. */
export default function DescriptionPage() {
  return <PagePlaceholder title="description" feature="catalogue" />;
}
