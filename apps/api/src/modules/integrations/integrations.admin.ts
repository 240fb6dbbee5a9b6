import { randomBytes } from 'node:crypto';
import {
  INTEGRATION_TOKEN_PREFIX,
  type AdminCreatedToken,
  type AdminCreateTokenBody,
  type AdminIntegrationToken,
} from '@wholesale/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { recordAuditBy } from '../audit';
import { insertToken, revokeToken, selectToken } from './integrations.queries';
import { auditedToken, hashSecret, toDto } from './integrations.service';

// Staff changes to tokens, each with its audit row. Kept apart from the service, which plugins/auth
// reaches through the module's door: the audit module's routes depend on that plugin.

/** The staff member acting, as the audit log names them. */
export type TokenActor = { id: number; email: string };

/**
 * Creates a token; the secret is returned this once and only its hash is stored. The audit row
 * commits with it.
 */
export function createIntegrationToken(
  db: Database,
  input: AdminCreateTokenBody,
  actor: TokenActor,
): Promise<AdminCreatedToken> {
  return db.transaction(async (tx) => {
    const secret = `${INTEGRATION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await insertToken(tx, {
      name: input.name,
      tokenHash: hashSecret(secret),
      tokenHint: secret.slice(0, INTEGRATION_TOKEN_PREFIX.length + 6),
      scopes: [...new Set(input.scopes)],
      createdBy: actor.id,
    });
    await recordAuditBy(tx, actor, {
      action: 'integration_token.create',
      entity: 'integration_token',
      entityId: row.id,
      after: auditedToken(row),
    });
    return { token: toDto(row), secret };
  });
}

/** Revokes a token at once: its next call answers 401. The audit row commits with it. */
export function revokeIntegrationToken(
  db: Database,
  id: number,
  actor: TokenActor,
): Promise<AdminIntegrationToken> {
  return db.transaction(async (tx) => {
    const before = await selectToken(tx, id);
    const row = before && (await revokeToken(tx, id));
    if (!row) throw new AppError('NOT_FOUND', 'There is no such token');
    // Revoking a revoked token changes nothing, so it leaves no audit row.
    if (!before.revokedAt)
      await recordAuditBy(tx, actor, {
        action: 'integration_token.revoke',
        entity: 'integration_token',
        entityId: row.id,
        before: auditedToken(before),
        after: auditedToken(row),
      });
    return toDto(row);
  });
}
