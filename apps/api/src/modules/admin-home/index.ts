/** The admin-home module's door: the back-office home's route (it reads other modules through theirs). */
export { adminHomeRoutes } from './admin-home.routes';
