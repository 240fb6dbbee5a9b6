import pick from 'lodash-es/pick.js';
import type { Lang, MailDetailDto, MailSummaryDto } from '@wholesale/contract';
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowPart, type StatementPart } from '../../db/prepared';
import { AppError } from '../../lib/app-error';
import { lastReadStoreIdentity } from '../identity';
import { findMail, insertMail, listMails, mailInsert, type MailRow } from './mail.queries';
import { renderMail } from './mail.templates';

export { registerMailTemplate, type MailContent } from './mail.templates';

export type EnqueueMailInput = {
  /** Recipient address. */
  to: string;
  /** A registered template: 'password-reset', 'password-set', 'password-changed', 'notice', or one you registered. */
  template: string;
  /** The recipient's language; '' and undefined mean English (docs/product/accounts.md). */
  lang?: Lang | '' | null;
  /** What the template needs (see mail.templates.ts). */
  data?: Record<string, unknown>;
};

/**
 * Puts one mail in the transactional outbox, rendered now (HTML and text, in the recipient's
 * language). Call it inside the transaction that makes the mail true (README.md "Mail"): if the
 * transaction rolls back, no mail goes out. The worker sends it when SMTP_URL is set; otherwise
 * it stays pending and readable in the dev mailbox. Returns the outbox id.
 */
export async function enqueueMail(tx: Tx, input: EnqueueMailInput): Promise<number> {
  return insertMail(tx, outboxRow(input));
}

/**
 * enqueueMail's INSERT as a statement the caller runs in its own statement batch (a data-modifying
 * CTE beside its change, one round trip): the same row, rendered now.
 */
export function enqueueMailInsert(tx: Tx, input: EnqueueMailInput): SQL {
  return mailInsert(tx, outboxRow(input));
}

/**
 * enqueueMailInsert as a part of a statement built once per shape (db/prepared.ts
 * composedStatement): the INSERT with placeholders, the rendered row's values apart.
 */
export function enqueueMailPart(input: EnqueueMailInput): StatementPart {
  return rowPart('mail', outboxRow(input), mailInsert);
}

function outboxRow(input: EnqueueMailInput) {
  const lang: Lang = input.lang === 'fr' || input.lang === 'es' ? input.lang : 'en';
  const rendered = renderMail(input.template, lang, input.data ?? {}, lastReadStoreIdentity());
  return {
    toAddress: input.to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    template: input.template,
    lang,
  };
}

function summary(row: MailRow): MailSummaryDto {
  return {
    ...pick(row, 'id', 'subject', 'template', 'lang', 'status', 'attempts'),
    to: row.toAddress,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** The dev mailbox list: newest first. */
export async function listMailbox(tx: Tx): Promise<MailSummaryDto[]> {
  return (await listMails(tx, 200)).map(summary);
}

/** One mail of the dev mailbox, bodies included; 404 when unknown. */
export async function getMailboxMail(tx: Tx, id: number): Promise<MailDetailDto> {
  const row = await findMail(tx, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such mail');
  return { ...summary(row), html: row.html, text: row.text, last_error: row.lastError };
}
