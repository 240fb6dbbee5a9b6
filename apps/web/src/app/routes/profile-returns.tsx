import { ReturnsPage } from '@/features/orders/components/returns-page';

/** /profile/returns: the buyer's returns (GET /api/returns). */
export default function ProfileReturnsPage() {
  return <ReturnsPage />;
}
