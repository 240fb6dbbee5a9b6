import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function FreePatternsPage() {
  return <PagePlaceholder title="freePatterns" feature="content" />;
}
