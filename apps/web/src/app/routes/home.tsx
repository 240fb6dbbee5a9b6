import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function HomePage() {
  return <PagePlaceholder title="home" feature="content" />;
}
