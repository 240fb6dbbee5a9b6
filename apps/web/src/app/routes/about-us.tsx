import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with content. */
export default function AboutUsPage() {
  return <PagePlaceholder title="aboutUs" feature="content" />;
}
