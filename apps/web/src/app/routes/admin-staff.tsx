import { StaffPage } from '@/features/admin-staff/components/staff-page';

export default StaffPage;
