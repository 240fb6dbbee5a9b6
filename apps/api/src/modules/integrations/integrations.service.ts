import { createHash, randomBytes } from 'node:crypto';
import {
  INTEGRATION_SCOPES,
  INTEGRATION_TOKEN_PREFIX,
  type AdminCreatedToken,
  type AdminCreateTokenBody,
  type AdminIntegrationToken,
  type IntegrationScope,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  insertToken,
  listTokens,
  revokeToken,
  useToken,
  type TokenRow,
} from './integrations.queries';

/** A machine calling with an integration token: not a user, only the scopes it was given. */
export type IntegrationPrincipal = { tokenId: number; name: string; scopes: IntegrationScope[] };

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** True when a bearer value looks like an integration token rather than a session token. */
export function isIntegrationSecret(bearer: string): boolean {
  return bearer.startsWith(INTEGRATION_TOKEN_PREFIX);
}

function toDto(row: TokenRow): AdminIntegrationToken {
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

/** Creates a token; the secret is returned this once and only its hash is stored. */
export async function createIntegrationToken(
  tx: Tx,
  input: AdminCreateTokenBody,
  createdBy: number | null,
): Promise<AdminCreatedToken> {
  const secret = `${INTEGRATION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertToken(tx, {
    name: input.name,
    tokenHash: hashSecret(secret),
    tokenHint: secret.slice(0, INTEGRATION_TOKEN_PREFIX.length + 6),
    scopes: [...new Set(input.scopes)],
    createdBy,
  });
  return { token: toDto(row), secret };
}

/** Every token, newest first, without secrets. */
export async function listIntegrationTokens(tx: Tx): Promise<AdminIntegrationToken[]> {
  return (await listTokens(tx)).map(toDto);
}

/** Revokes a token at once: its next call answers 401. */
export async function revokeIntegrationToken(tx: Tx, id: number): Promise<AdminIntegrationToken> {
  const row = await revokeToken(tx, id);
  if (!row) throw new AppError('NOT_FOUND', 'There is no such token');
  return toDto(row);
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
