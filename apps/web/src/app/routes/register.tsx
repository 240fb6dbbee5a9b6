import { PagePlaceholder } from '@/components/ui/page-placeholder';

/** Placeholder: this page comes with registration. */
export default function RegisterPage() {
  return <PagePlaceholder title="register" feature="registration" />;
}
