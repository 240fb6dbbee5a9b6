import { hasStaffRole, type StaffRole } from '@wholesale/contract';
import { paths } from '@/config/paths';

/**
 * The back-office menu: each screen, where it lives and which roles open it (admin opens
 * everything). The server checks the same roles on every call; this only hides what would answer
 * 403. Add a screen here when it exists (docs/product/back-office-staff-and-customers.md).
 */
export type AdminMenuEntry = {
  key:
    | 'applications'
    | 'content'
    | 'catalogue'
    | 'structure'
    | 'products'
    | 'prices'
    | 'orders'
    | 'customers'
    | 'receivables'
    | 'invoices'
    | 'staff'
    | 'integrations'
    | 'audit'
    | 'settings'
    | 'returns';
  to: string;
  roles: StaffRole[];
};

export const ADMIN_MENU: AdminMenuEntry[] = [
  { key: 'applications', to: paths.adminApplications(), roles: ['credit'] },
  { key: 'content', to: paths.adminContent(), roles: ['content'] },
  { key: 'catalogue', to: paths.adminCatalogue(), roles: ['content'] },
  { key: 'structure', to: paths.adminCatalogueStructure(), roles: ['content'] },
  { key: 'products', to: paths.adminProducts(), roles: ['content'] },
  { key: 'prices', to: paths.adminPrices(), roles: ['content'] },
  { key: 'orders', to: paths.adminOrders(), roles: ['orders'] },
  { key: 'customers', to: paths.adminCustomers(), roles: ['credit', 'orders'] },
  { key: 'returns', to: paths.adminReturns(), roles: ['credit', 'orders'] },
  { key: 'receivables', to: paths.adminReceivables(), roles: ['credit'] },
  { key: 'invoices', to: paths.adminInvoices(), roles: ['credit', 'orders'] },
  { key: 'staff', to: paths.adminStaff(), roles: ['admin'] },
  { key: 'integrations', to: paths.adminIntegrations(), roles: ['admin'] },
  { key: 'audit', to: paths.adminAudit(), roles: ['admin'] },
  { key: 'settings', to: paths.adminSettings(), roles: ['admin'] },
];

/** The entries a staff member holding `roles` may open, in menu order. */
export function adminMenuFor(roles: readonly StaffRole[]): AdminMenuEntry[] {
  return ADMIN_MENU.filter((entry) => hasStaffRole(roles, entry.roles));
}

/** The entry a back-office path belongs to (its own path or one below it; the longest), if any. */
export function adminEntryOfPath(pathname: string): AdminMenuEntry | undefined {
  return ADMIN_MENU.filter(
    (entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`),
  ).sort((a, b) => b.to.length - a.to.length)[0];
}

/**
 * Whether the back office shows the screen at `pathname` to a staff member holding `held`
 * (StaffLayout): a menu screen when their roles open it; another back-office page when they have
 * any screen at all. The layout walk (e2e/layout-walk-*.e2e.ts) visits each staff page as the roles
 * this opens it to.
 */
export function staffMayOpen(held: readonly StaffRole[], pathname: string): boolean {
  const wider = PAGES_WIDER_THAN_THEIR_SCREEN.find((page) => page.path.test(pathname));
  if (wider) return hasStaffRole(held, wider.roles);
  const entry = adminEntryOfPath(pathname);
  return entry ? hasStaffRole(held, entry.roles) : adminMenuFor(held).length > 0;
}

/**
 * Pages below a menu screen that more roles open than the screen itself. An order's page: credit
 * staff record its deposit and release its credit hold there, reached from the customer's page,
 * while the order desk stays the orders staff's (docs/product/back-office-orders.md "Waiting for
 * credit"). Matches the route pattern (`:id`) as well as a real order's path, not the phone orders.
 */
const PAGES_WIDER_THAN_THEIR_SCREEN: Array<{ path: RegExp; roles: StaffRole[] }> = [
  { path: new RegExp(`^${paths.adminOrders()}/(\\d+|:id)$`), roles: ['orders', 'credit'] },
];
