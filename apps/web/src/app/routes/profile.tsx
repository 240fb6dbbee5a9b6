import { ProfileCard } from '@/features/accounts/components/profile-card';

/** /profile (signed-in). */
export default function ProfilePage() {
  return <ProfileCard />;
}
