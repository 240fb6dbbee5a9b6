import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/accounts/components/reset-password-form';
import { SetPasswordForm } from '@/features/accounts/components/set-password-form';

/**
 * /reset-password?token=… (the link mailed by forgot-password), or with `&purpose=set` a first
 * password's link (mailed on approval): "Choose your password", without the e-mail.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (token && searchParams.get('purpose') === 'set') return <SetPasswordForm token={token} />;
  return <ResetPasswordForm token={token} />;
}
