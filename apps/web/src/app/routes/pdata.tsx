import { ProfileCard } from '@/features/accounts/components/profile-card';

/** /pdata: "profile data" — the profile details (docs/decisions/ on /pdata, /pform, /password). */
export default function PdataPage() {
  return <ProfileCard />;
}
