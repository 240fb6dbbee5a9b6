import { ChangePasswordForm } from '@/features/accounts/components/change-password-form';

/** /profile/password: change the password (PUT /api/updateProfile). */
export default function ProfilePasswordPage() {
  return <ChangePasswordForm />;
}
