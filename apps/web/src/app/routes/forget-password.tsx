import { ForgotPasswordForm } from '@/features/accounts/components/forgot-password-form';

/** /forget-password (as spelled in SPEC.md §2). */
export default function ForgetPasswordPage() {
  return <ForgotPasswordForm />;
}
