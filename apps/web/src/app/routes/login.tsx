import { LoginForm } from '@/features/accounts/components/login-form';

/** /login (guest-only). */
export default function LoginPage() {
  return <LoginForm />;
}
