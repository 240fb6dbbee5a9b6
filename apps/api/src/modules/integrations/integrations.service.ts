import { createHash } from 'node:crypto';
import {
  INTEGRATION_SCOPES,
  INTEGRATION_TOKEN_PREFIX,
  type AdminIntegrationToken,
  type IntegrationScope,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { listTokens, useToken, type TokenRow } from './integrations.queries';

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

/** The principal behind a bearer secret, or null when unknown or revoked. */
export async function resolveIntegrationToken(
  db: Database,
  secret: string,
): Promise<IntegrationPrincipal | null> {
  const row = await useToken(db, hashSecret(secret));
  if (!row) return null;
  return {
    tokenId: row.id,
    name: row.name,
    scopes: row.scopes.filter((s): s is IntegrationScope =>
      (INTEGRATION_SCOPES as readonly string[]).includes(s),
    ),
  };
}
