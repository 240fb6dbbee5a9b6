import { AuditPage } from '@/features/admin-audit/components/audit-page';

export default AuditPage;
