/** The staff module's door: its routes, and the staff:create command. */
export { staffRoutes } from './staff.routes';
export { createOrPromoteStaff, type StaffCreateResult } from './staff.service';
export { runStaffCreate, warnWhenNoAdmin } from './staff-create';
