import {
  goLiveChecklist,
  homeSectionsFor,
  type AdminHomeDto,
  type HomeSection,
} from '@wholesale/contract';
import type { Database } from '../../db/client';
import { hasActiveCustomer, type SessionUser } from '../accounts';
import { pendingApplicationsSummary } from '../applications';
import { catalogueFacts } from '../catalogue';
import { importsSummary } from '../catalogue-admin';
import { failedMails, mailSummary, requeueFailedMail } from '../mail';
import { recordAuditBy, type AuditActor } from '../audit';
import { openOrdersSummary } from '../orders';
import { countWaitingOrders } from '../receivables';
import { webhooksSummary } from '../webhooks';
import { storeIdentityIsSet } from './admin-home.queries';

/** How many orders, imports and failed mails the home lists (the counts cover them all). */
export const HOME_LIST_LIMIT = 10;

/** The home's parts, each built only when the caller's roles open it. */
const PARTS: {
  [S in Exclude<HomeSection, 'checklist'>]: (
    db: Database,
    mailConfigured: boolean,
  ) => Promise<NonNullable<AdminHomeDto[S]>>;
} = {
  deliveries: async (db, mailConfigured) => {
    const [mail, failed, webhooks] = await Promise.all([
      mailSummary(db),
      failedMails(db, HOME_LIST_LIMIT),
      webhooksSummary(db),
    ]);
    return {
      mail_configured: mailConfigured,
      mails_waiting: mail.waiting,
      mails_failed: mail.failed,
      failed_mails: failed,
      webhooks_failed: webhooks.failed,
      webhooks_paused: webhooks.paused,
    };
  },
  applications: async (db) => {
    const s = await pendingApplicationsSummary(db);
    return { pending: s.pending, oldest_at: s.oldestAt?.toISOString() ?? null };
  },
  credit: async (db) => ({ orders_waiting: await countWaitingOrders(db) }),
  orders: async (db) => {
    const s = await openOrdersSummary(db, HOME_LIST_LIMIT);
    return {
      to_accept: s.toAccept,
      to_ship: s.toShip,
      next: s.next.map((o) => ({
        id: o.id,
        status: o.status,
        customer: o.customer,
        requested_ship_date: o.requestedShipDate,
        created_at: o.createdAt.toISOString(),
      })),
    };
  },
  imports: async (db) => {
    const s = await importsSummary(db, HOME_LIST_LIMIT);
    return {
      running: s.running,
      failed: s.failed,
      latest: s.latest.map((i) => ({
        id: i.id,
        status: i.status,
        file_name: i.fileName,
        created_at: i.createdAt.toISOString(),
        error: i.failure,
      })),
    };
  },
};

/** The go-live checklist: what a new store still lacks before its first customer orders. */
async function checklist(db: Database, mailConfigured: boolean) {
  const [identity, catalogue, customer] = await Promise.all([
    storeIdentityIsSet(db),
    catalogueFacts(db),
    hasActiveCustomer(db),
  ]);
  return goLiveChecklist({
    identity,
    categories: catalogue.categories,
    product_classes: catalogue.productClasses,
    products: catalogue.products,
    mail: mailConfigured,
    first_customer: customer,
  });
}

/**
 * GET /api/admin/home: the parts of the back-office home the caller's roles open, and nothing
 * else (an orders-only staff member's answer holds no application counts). Each part is a few
 * counts on indexes and a short list.
 */
export async function getAdminHome(
  db: Database,
  staff: SessionUser,
  mailConfigured: boolean,
): Promise<AdminHomeDto> {
  const sections = homeSectionsFor(staff.staffRoles);
  const home: AdminHomeDto = { sections };
  await Promise.all(
    sections.map(async (section) => {
      if (section === 'checklist') home.checklist = await checklist(db, mailConfigured);
      else Object.assign(home, { [section]: await PARTS[section](db, mailConfigured) });
    }),
  );
  return home;
}

/**
 * POST /api/admin/mails/:id/retry (admin): "send again" for a failed mail on the home. The mail
 * goes back in the queue, due now, and the audit row commits with it.
 */
export async function retryFailedMail(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { to } = await requeueFailedMail(tx, id);
    await recordAuditBy(tx, actor, {
      action: 'mail.retry',
      entity: 'mail',
      entityId: id,
      before: { status: 'failed' },
      after: { status: 'pending', to },
    });
  });
}
