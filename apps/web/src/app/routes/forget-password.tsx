import { ForgotPasswordForm } from '@/features/accounts/components/forgot-password-form';

/** /forget-password (as spelled in docs/product/accounts.md). */
export default function ForgetPasswordPage() {
  return <ForgotPasswordForm />;
}
