import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function WelcomePage() {
  return <PagePlaceholder title="welcome" feature="accounts" />;
}
