/** The staff module's door: its routes, and the staff:create command and start-up check. */
export { staffAdminRoutes } from './staff.routes';
export { runStaffCreate, warnWhenNoAdmin } from './staff-create';
