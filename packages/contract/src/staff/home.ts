import { z } from 'zod';
import { MailDetailDto } from '../accounts';
import { dataResponse } from '../common';
import { idSchema } from '../common/safe-input';
import { OPEN_ORDER_STATUSES, ORDER_STATUSES } from '../orders/workflow';
import { hasStaffRole, type StaffRole } from './roles';

/**
 * The back-office home (docs/product/back-office-staff-and-customers.md "Home"): one part per role,
 * and for an admin the store's go-live checklist. The server decides which parts a caller gets.
 */

/** The home's parts, in the order the page shows them. */
export const HOME_SECTIONS = [
  'checklist',
  'deliveries',
  'applications',
  'credit',
  'orders',
  'imports',
] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** Who sees each part (admin sees every part). */
const SECTION_ROLES: Record<HomeSection, readonly StaffRole[]> = {
  checklist: ['admin'],
  deliveries: ['admin'],
  applications: ['credit'],
  credit: ['credit'],
  orders: ['orders'],
  imports: ['content'],
};

/** The parts of the home a staff member holding `roles` sees, in page order. */
export function homeSectionsFor(roles: readonly StaffRole[] | null | undefined): HomeSection[] {
  return HOME_SECTIONS.filter((section) => hasStaffRole(roles, SECTION_ROLES[section]));
}

/** The go-live checklist's steps, in the order a new store takes them. */
export const GO_LIVE_STEPS = [
  'identity',
  'categories',
  'product_classes',
  'products',
  'mail',
  'first_customer',
] as const;
export type GoLiveStep = (typeof GO_LIVE_STEPS)[number];

/** Where each step is done: a back-office page (mail is set on the server: the home's mail part). */
export const GO_LIVE_LINKS: Record<GoLiveStep, string> = {
  identity: '/admin/settings',
  categories: '/admin/catalogue',
  product_classes: '/admin/catalogue',
  products: '/admin/products',
  mail: '/admin#mail',
  first_customer: '/admin/applications',
};

export type GoLiveItem = { step: GoLiveStep; done: boolean; link: string };

/** The checklist for what the store has: every step in order, done or not, with its link. */
export function goLiveChecklist(facts: Readonly<Record<GoLiveStep, boolean>>): GoLiveItem[] {
  return GO_LIVE_STEPS.map((step) => ({ step, done: facts[step], link: GO_LIVE_LINKS[step] }));
}

/** The first step not done yet (what to do next), or null when the store is ready. */
export function nextGoLiveStep(items: readonly GoLiveItem[]): GoLiveStep | null {
  return items.find((item) => !item.done)?.step ?? null;
}

/** Orders the desk works first: the open ones, waiting to be accepted or shipped (soonest requested date first). */
export const HOME_ORDER_STATUSES = OPEN_ORDER_STATUSES;

const HomeOrderDto = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  customer: z.string(),
  requested_ship_date: z.string().nullable(),
  created_at: z.string(),
});

const HomeImportDto = z.object({
  id: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  file_name: z.string().nullable(),
  created_at: z.string(),
  error: z.string().nullable(),
});

/** A mail of the outbox the worker gave up on (status failed): admin may send it again. */
export const FailedMailDto = MailDetailDto.pick({
  id: true,
  to: true,
  subject: true,
  template: true,
  attempts: true,
  last_error: true,
  created_at: true,
});
export type FailedMailDto = z.infer<typeof FailedMailDto>;

/** A part of the home: present only for a caller whose roles see it (`homeSectionsFor`). */
const homePart = <S extends z.ZodRawShape>(fields: S) => z.object(fields).optional();

export const AdminHomeDto = z.object({
  sections: z.array(z.enum(HOME_SECTIONS)),
  checklist: z
    .array(z.object({ step: z.enum(GO_LIVE_STEPS), done: z.boolean(), link: z.string() }))
    .optional(),
  deliveries: homePart({
    /** False: no SMTP_URL, mails stay in the outbox (they are never lost, nor sent). */
    mail_configured: z.boolean(),
    mails_waiting: z.number().int(),
    mails_failed: z.number().int(),
    failed_mails: z.array(FailedMailDto),
    webhooks_failed: z.number().int(),
    webhooks_paused: z.number().int(),
  }),
  applications: homePart({ pending: z.number().int(), oldest_at: z.string().nullable() }),
  /** The placed orders waiting for credit (a deposit owed, a credit hold): Receivables lists them. */
  credit: homePart({ orders_waiting: z.number().int() }),
  orders: homePart({
    to_accept: z.number().int(),
    to_ship: z.number().int(),
    next: z.array(HomeOrderDto),
  }),
  imports: homePart({
    running: z.number().int(),
    failed: z.number().int(),
    latest: z.array(HomeImportDto),
  }),
});
export type AdminHomeDto = z.infer<typeof AdminHomeDto>;

export const AdminHomeResponse = dataResponse(AdminHomeDto);
export type AdminHomeResponse = z.infer<typeof AdminHomeResponse>;

export const MailIdParams = z.object({ id: idSchema('id') });

/** POST /api/admin/customers/:id/set-password-link: a fresh link staff may pass on themselves. */
export const SetPasswordLinkResponse = dataResponse(
  z.object({ link: z.string(), expires_at: z.string() }),
);
export type SetPasswordLinkResponse = z.infer<typeof SetPasswordLinkResponse>;
