import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function PformPage() {
  return <PagePlaceholder title="pform" feature="accounts" />;
}
