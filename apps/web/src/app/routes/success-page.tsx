import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with registration. */
export default function SuccessPagePage() {
  return <PagePlaceholder title="successPage" feature="registration" />;
}
