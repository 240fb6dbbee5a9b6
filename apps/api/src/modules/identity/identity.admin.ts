import {
  canonicalTaxNumbers,
  type AdminStoreIdentity,
  type StoreIdentity,
} from '@wholesale/contract';
import type { FastifyInstance } from 'fastify';
import { recordAuditBy, type AuditActor } from '../audit';
import { upsertIdentity, selectIdentity } from './identity.queries';
import { adminIdentity, IDENTITY_CHANNEL } from './identity.service';

// The admin's save, with its audit row. Kept apart from the service, which the mail module reaches
// through the module's door: the audit module's routes depend on plugins/auth, which sends mails.

/**
 * Saves the store identity (tax numbers in their printed forms) and its audit row in one
 * transaction, then announces it so every process drops its copy (this one at once).
 */
export async function saveStoreIdentity(
  app: Pick<FastifyInstance, 'db' | 'clock' | 'changeFeed'>,
  input: StoreIdentity,
  actor: AuditActor,
): Promise<AdminStoreIdentity> {
  const identity: StoreIdentity = { ...input, tax: canonicalTaxNumbers(input.tax) };
  const saved = await app.db.transaction(async (tx) => {
    const before = await selectIdentity(tx);
    await upsertIdentity(tx, identity, actor.id, app.clock.now());
    await recordAuditBy(tx, actor, {
      action: before ? 'store_identity.update' : 'store_identity.create',
      entity: 'store_identity',
      entityId: 1,
      before: (before?.settings as Record<string, unknown> | undefined) ?? null,
      after: identity,
    });
    return adminIdentity(tx);
  });
  app.changeFeed.publish(IDENTITY_CHANNEL);
  return saved;
}
