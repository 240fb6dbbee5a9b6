import { ReturnsDesk } from '@/features/admin-returns/components/returns-desk';

/** /admin/returns: the returns desk (GET /api/admin/returns and its actions). */
export default function AdminReturnsPage() {
  return <ReturnsDesk />;
}
