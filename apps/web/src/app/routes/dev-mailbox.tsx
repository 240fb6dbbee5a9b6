import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function DevMailboxPage() {
  return <PagePlaceholder title="devMailbox" feature="accounts" />;
}
