import { WelcomePanel } from '@/features/accounts/components/welcome-panel';

/** /welcome (guest-only): greets and leads to sign-in or to an application. */
export default function WelcomePage() {
  return <WelcomePanel />;
}
