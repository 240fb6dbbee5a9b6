import { WelcomePanel } from '@/features/accounts/components/welcome-panel';

/** /welcome-mobile (guest-only): the welcome page in a single column for phones. */
export default function WelcomeMobilePage() {
  return <WelcomePanel compact />;
}
