import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with accounts. */
export default function WelcomeMobilePage() {
  return <PagePlaceholder title="welcome" feature="accounts" />;
}
