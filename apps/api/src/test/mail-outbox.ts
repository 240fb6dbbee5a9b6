import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The mails queued to one address, oldest first, every column: what tests read a sent mail from. */
export function mailsTo(db: Database, address: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.id));
}
