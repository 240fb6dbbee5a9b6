import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function NewsletterPage() {
  return <PagePlaceholder title="newsletter" feature="content" />;
}
