import { PreferencesForm } from '@/features/accounts/components/preferences-form';

/** /pform: "profile form" — the editable part of the profile, the saved language (docs/decisions/). */
export default function PformPage() {
  return <PreferencesForm />;
}
