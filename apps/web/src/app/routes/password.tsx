import { ChangePasswordForm } from '@/features/accounts/components/change-password-form';

/** /password: the change-password form, as /profile/password (docs/decisions/). */
export default function PasswordPage() {
  return <ChangePasswordForm />;
}
