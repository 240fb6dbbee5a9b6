import { createHash } from 'node:crypto';
import {
  INTEGRATION_SCOPES,
  INTEGRATION_TOKEN_PREFIX,
  type AdminIntegrationToken,
  type IntegrationScope,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { findUserById } from '../accounts';
import {
  listTokens,
  revokeTokensCreatedBy,
  selectLiveToken,
  stampTokenUse,
  type TokenRow,
} from './integrations.queries';

/** A machine calling with an integration token: not a user, only the scopes it was given. */
export type IntegrationPrincipal = { tokenId: number; name: string; scopes: IntegrationScope[] };

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** True when a bearer value looks like an integration token rather than a session token. */
export function isIntegrationSecret(bearer: string): boolean {
  return bearer.startsWith(INTEGRATION_TOKEN_PREFIX);
}

export function toDto(row: TokenRow): AdminIntegrationToken {
  return {
    id: row.id,
    name: row.name,
    hint: row.tokenHint,
    scopes: row.scopes.filter((s): s is IntegrationScope =>
      (INTEGRATION_SCOPES as readonly string[]).includes(s),
    ),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Every token, newest first, without secrets. */
export async function listIntegrationTokens(tx: Tx): Promise<AdminIntegrationToken[]> {
  return (await listTokens(tx)).map(toDto);
}

/** What the audit log keeps of a token: never its secret nor its hash. */
export const auditedToken = (row: TokenRow) => ({
  name: row.name,
  hint: row.tokenHint,
  scopes: row.scopes,
  revoked: row.revokedAt !== null,
});

/**
 * The principal behind a bearer secret, or null when unknown, revoked, or made by someone who is
 * no longer an active admin (docs/decisions/031-integration-tokens-and-deactivated-staff.md): a
 * token acts with its creator's authority, so it cannot outlive it.
 */
export async function resolveIntegrationToken(
  db: Database,
  secret: string,
): Promise<IntegrationPrincipal | null> {
  const row = await selectLiveToken(db, hashSecret(secret));
  if (!row || row.createdBy === null) return null;
  const creator = await findUserById(db, row.createdBy);
  if (
    !creator ||
    creator.role !== 'staff' ||
    !creator.isActive ||
    !creator.staffRoles.includes('admin')
  )
    return null;
  await stampTokenUse(db, row.id);
  return {
    tokenId: row.id,
    name: row.name,
    scopes: row.scopes.filter((s): s is IntegrationScope =>
      (INTEGRATION_SCOPES as readonly string[]).includes(s),
    ),
  };
}

/**
 * Revokes the live tokens of a staff member who is no longer an active admin (deactivated, or the
 * admin role taken away), in the caller's transaction; answers the revoked tokens as audit values
 * (before, after) for the caller's audit rows.
 */
export async function revokeTokensOf(
  tx: Tx,
  userId: number,
): Promise<
  Array<{
    id: number;
    before: ReturnType<typeof auditedToken>;
    after: ReturnType<typeof auditedToken>;
  }>
> {
  const revoked = await revokeTokensCreatedBy(tx, userId);
  return revoked.map((row) => ({
    id: row.id,
    before: auditedToken(row),
    after: { ...auditedToken(row), revoked: true },
  }));
}
