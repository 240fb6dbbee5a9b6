import { AdminHome } from '@/features/admin-home/components/admin-home';

/** /admin (any staff member with a role): the back-office home. */
export default AdminHome;
