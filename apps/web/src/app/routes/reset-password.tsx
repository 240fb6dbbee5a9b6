import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/accounts/components/reset-password-form';

/** /reset-password?token=… (the link mailed by forgot-password, or a first "set password" link). */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token')} />;
}
