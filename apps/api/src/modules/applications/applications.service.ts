import {
  applicationCountry,
  applySectionChoices,
  HONEYPOT_FIELD,
  isBlankEntry,
  SENSITIVE_APPLICATION_FIELDS,
  toPage,
  type AdminApplicationsQuery,
  type ApplicationDetail,
  type ApplicationListResponse,
  type ApplicationSummary,
  type StoreApplicationBody,
} from '@wholesale/contract';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { getFieldCipher } from '../../lib/crypto';
import { AppError } from '../../lib/app-error';
import { claimWindowSlot } from '../../lib/window-throttle';
import { isUniqueViolation } from '../../lib/db-errors';
import { enqueueMail } from '../mail';
import type { SessionUser } from '../accounts';
import { recordAuditBy } from '../audit';
import { MAIL_RECEIVED, MAIL_REJECTED, MAIL_STAFF_NOTICE } from './applications.mails';
import {
  findApplication,
  findApplicationOfCustomer,
  findOfficersAndReferences,
  findPendingByEmail,
  insertApplication,
  listApplications,
  markReviewed,
  selectSealedBatch,
  updateSensitive,
  type ApplicationRow,
} from './applications.queries';

/**
 * Answers that are encrypted at rest (docs/decisions/004-encryption-key-rotation.md): the fields the
 * contract's application metadata marks sensitive (banking details, the owner's SSN and driver's
 * licence, card holder/type/expiry). Never a card number or a CVV.
 */
const SENSITIVE_FIELDS: ReadonlySet<string> = new Set(SENSITIVE_APPLICATION_FIELDS);

/** Fields kept out of `form` because they have their own column or table. */
const OWN_COLUMNS: ReadonlySet<string> = new Set([
  'country',
  'lang',
  'officers',
  'trade',
  'card_authorization',
  'terms_acknowledged',
  HONEYPOT_FIELD,
]);

const APPLICATION_WINDOW_SECONDS = 60 * 60;

/** Authenticated-data context of a sealed application: binds the ciphertext to its row. */
export function sealContext(applicationId: number): string {
  return `applications.sensitive:${applicationId}`;
}

const DUPLICATE_MESSAGE =
  'An application with this e-mail address is already waiting for review. We will e-mail you when it has been reviewed.';

/** 429 with Retry-After once an address has used up its accepted applications for the hour. */
async function claimApplicationSlot(
  tx: Tx,
  config: Config,
  from: { ip: string; now: Date },
): Promise<void> {
  const key = `apply:${from.ip}`;
  const until = await claimWindowSlot(
    tx,
    key,
    from.now,
    config.applicationsPerHour,
    APPLICATION_WINDOW_SECONDS,
  );
  if (!until) return;
  const seconds = Math.max(1, Math.ceil((until.getTime() - from.now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw new AppError(
    'RATE_LIMITED',
    `Too many applications from this address; try again in ${minutes} min`,
    {
      headers: { 'retry-after': String(seconds) },
      reason: { key: 'APPLY_WAIT', params: { minutes } },
    },
  );
}

/**
 * POST /api/store/user: stores a validated application (sensitive answers sealed), then queues the
 * acknowledgement to the applicant (in their language) and the notice to staff, in one transaction.
 * A second pending application for the same e-mail answers 409. Without `from` (seed data) no
 * throttle applies; with it, at most `config.applicationsPerHour` accepted applications per address
 * per hour (the slot is claimed in the transaction, so a refused application does not count). A
 * filled honeypot field is a bot: it gets the same answer and nothing is stored or sent (null).
 */
export async function submitApplication(
  db: Database,
  config: Config,
  body: StoreApplicationBody,
  from?: { ip: string; now: Date },
): Promise<number | null> {
  if (body[HONEYPOT_FIELD]) return null;
  const cipher = getFieldCipher(config);
  const country = applicationCountry(body.country);
  const lang = body.lang ?? 'en';
  // "Same as billing address" is stored as the billing address copied; "Not applicable" as no owner answers.
  const all = applySectionChoices(body as unknown as Record<string, unknown>);
  const sensitive: Record<string, unknown> = {};
  const form: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (SENSITIVE_FIELDS.has(key)) sensitive[key] = value;
    else if (!OWN_COLUMNS.has(key)) form[key] = value;
  }
  const officers = body.officers
    .filter((o) => !isBlankEntry(o))
    .map((o) => ({ name: o.name ?? '', title: o.title ?? '', address: o.address ?? '' }));
  const trade = body.trade
    .filter((t) => !isBlankEntry(t))
    .map((t) => ({
      name: t.name ?? '',
      telephone: t.telephone ?? '',
      fax: t.fax ?? '',
      contact: t.contact ?? '',
    }));

  try {
    return await db.transaction(async (tx) => {
      if (from) await claimApplicationSlot(tx, config, from);
      if (await findPendingByEmail(tx, body.email))
        throw new AppError('CONFLICT', DUPLICATE_MESSAGE, { fields: { email: DUPLICATE_MESSAGE } });
      const id = await insertApplication(
        tx,
        {
          country,
          lang,
          companyName: body.company_name,
          ownerName: body.owner_name,
          email: body.email,
          businessEmail: body.business_email,
          form,
          sensitive: '',
          cardAuthorized: body.card_authorization,
          termsAcknowledged: body.terms_acknowledged,
        },
        officers,
        trade,
      );
      await updateSensitive(tx, id, cipher.encrypt(JSON.stringify(sensitive), sealContext(id)));
      await enqueueMail(tx, {
        to: body.email,
        template: MAIL_RECEIVED,
        lang,
        data: { name: body.owner_name, company: body.company_name },
      });
      await enqueueMail(tx, {
        to: config.staffEmail,
        template: MAIL_STAFF_NOTICE,
        lang: 'en',
        data: {
          company: body.company_name,
          owner: body.owner_name,
          email: body.email,
          country,
          lang,
          url: `${config.publicUrl.replace(/\/+$/, '')}/admin/applications/${id}`,
        },
      });
      return id;
    });
  } catch (error) {
    // Two submissions racing past the check meet the partial unique index instead.
    if (!(error instanceof AppError) && isUniqueViolation(error)) {
      throw new AppError('CONFLICT', DUPLICATE_MESSAGE, { fields: { email: DUPLICATE_MESSAGE } });
    }
    throw error;
  }
}

/** Stored `us` answers `usa`, the spelling the public form sends and staff pages read. */
function wireCountry(country: ApplicationRow['country']): ApplicationSummary['country'] {
  return country === 'ca' ? 'ca' : 'usa';
}

function toSummary(
  row: Pick<
    ApplicationRow,
    | 'id'
    | 'status'
    | 'country'
    | 'companyName'
    | 'ownerName'
    | 'email'
    | 'lang'
    | 'createdAt'
    | 'reviewedAt'
  >,
): ApplicationSummary {
  return {
    id: row.id,
    status: row.status,
    country: wireCountry(row.country),
    company_name: row.companyName,
    owner_name: row.ownerName,
    email: row.email,
    lang: row.lang,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

/** GET /api/admin/applications: filtered, searched, paginated; no sensitive field. */
export async function listForStaff(
  tx: Tx,
  query: AdminApplicationsQuery,
): Promise<ApplicationListResponse> {
  const { rows, total } = await listApplications(
    tx,
    {
      status: query.status === 'all' ? undefined : query.status,
      country: query.country,
      search: query.search,
    },
    query.page,
    query.per_page,
  );
  return { status: true, ...toPage(rows.map(toSummary), total, query.page, query.per_page) };
}

/** Decrypts the sensitive answers of one application. */
export function openSensitive(
  config: Config,
  row: Pick<ApplicationRow, 'id' | 'sensitive'>,
): Record<string, unknown> {
  return JSON.parse(getFieldCipher(config).decrypt(row.sensitive, sealContext(row.id))) as Record<
    string,
    unknown
  >;
}

/**
 * Every answer of an application, the sealed ones decrypted: what the approval reads the new
 * account's addresses from (whichever of its answers are sealed at rest).
 */
export function applicationAnswers(
  config: Config,
  row: Pick<ApplicationRow, 'id' | 'form' | 'sensitive'>,
): Record<string, unknown> {
  return { ...row.form, ...openSensitive(config, row) };
}

/**
 * The application a review decides, locked until the decision commits: 404 when unknown, 409 when
 * already decided (the approval workflow's first step, and the rejection's).
 */
export async function lockPendingApplication(tx: Tx, id: number): Promise<ApplicationRow> {
  const row = await findApplication(tx, id, true);
  if (!row) throw new AppError('NOT_FOUND', 'No such application');
  if (row.status !== 'pending')
    throw new AppError('CONFLICT', `This application was already ${row.status}`);
  return row;
}

/**
 * GET /api/admin/applications/:id: the whole application decrypted, for staff. Every view is
 * written to the audit log (who, when) in the same transaction as the read.
 */
export async function getForStaff(
  db: Database,
  config: Config,
  staff: SessionUser,
  id: number,
): Promise<ApplicationDetail> {
  return db.transaction(async (tx) => {
    const row = await findApplication(tx, id);
    if (!row) throw new AppError('NOT_FOUND', 'No such application');
    const { officers, trade } = await findOfficersAndReferences(tx, id);
    await recordAuditBy(tx, staff, {
      action: 'application.viewed',
      entity: 'application',
      entityId: id,
    });
    return {
      ...toSummary(row),
      form: {
        ...applicationAnswers(config, row),
        country: wireCountry(row.country),
        lang: row.lang,
        card_authorization: row.cardAuthorized,
        terms_acknowledged: row.termsAcknowledged,
      },
      officers: officers.map((o) => ({ name: o.name, title: o.title, address: o.address })),
      trade: trade.map((t) => ({
        name: t.name,
        telephone: t.telephone,
        fax: t.fax,
        contact: t.contact,
      })),
      reviewed_by: row.reviewedByEmail,
      rejection_reason: row.rejectionReason,
      customer_code: row.customerCode,
    };
  });
}

/** POST /api/admin/applications/:id/reject: records the reason and e-mails the applicant. */
export async function rejectApplication(
  db: Database,
  staff: SessionUser,
  id: number,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPendingApplication(tx, id);
    await markReviewed(tx, id, {
      status: 'rejected',
      reviewerId: staff.id,
      reviewerEmail: staff.email,
      rejectionReason: reason,
    });
    await recordAuditBy(tx, staff, {
      action: 'application.rejected',
      entity: 'application',
      entityId: id,
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
    await enqueueMail(tx, {
      to: row.email,
      template: MAIL_REJECTED,
      lang: row.lang,
      data: { name: row.ownerName, company: row.companyName, reason },
    });
  });
}

/**
 * Key rotation (docs/decisions/ encryption key rotation): re-seals every application not sealed
 * with the current key. Run after moving the old key to APP_ENCRYPTION_PREVIOUS_KEYS and setting
 * the new APP_ENCRYPTION_KEY; afterwards the old key can be dropped. Idempotent, batch by batch.
 */
export async function resealApplications(
  db: Database,
  config: Config,
  batchSize = 200,
): Promise<{ checked: number; resealed: number }> {
  const cipher = getFieldCipher(config);
  let afterId = 0;
  let checked = 0;
  let resealed = 0;
  for (;;) {
    const batch = await selectSealedBatch(db, afterId, batchSize);
    if (!batch.length) break;
    for (const row of batch) {
      checked += 1;
      if (cipher.keyIdOf(row.sensitive) === cipher.keyId) continue;
      const plain = cipher.decrypt(row.sensitive, sealContext(row.id));
      await updateSensitive(db, row.id, cipher.encrypt(plain, sealContext(row.id)));
      resealed += 1;
    }
    afterId = batch[batch.length - 1].id;
  }
  return { checked, resealed };
}

/**
 * The application that created a customer's account, for the customer screen. The answers are
 * decrypted only when `reader` is given (a role allowed to read applications); that read is audited
 * like a view of the application itself.
 */
export async function applicationOfCustomer(
  db: Database,
  config: Config,
  userId: number,
  reader: SessionUser | null,
): Promise<{
  id: number;
  status: string;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
  form: Record<string, unknown> | null;
} | null> {
  const row = await findApplicationOfCustomer(db, userId);
  if (!row) return null;
  const form = reader ? (await getForStaff(db, config, reader, row.id)).form : null;
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewed_by: row.reviewedByEmail,
    form,
  };
}
