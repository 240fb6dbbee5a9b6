import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function PdataPage() {
  return <PagePlaceholder title="pdata" feature="accounts" />;
}
