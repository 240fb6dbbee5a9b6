import { randomUUID } from 'node:crypto';
import pick from 'lodash-es/pick.js';
import type { WebhookDeliveryDto, WebhookEndpointDto, WebhookEvent } from '@wholesale/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { StatementPart } from '../../db/prepared';
import type { FieldCipher } from '../../lib/crypto';
import { AppError, fieldError } from '../../lib/app-error';
import { recordAuditBy, type AuditActor } from '../audit';
import {
  deleteEndpoint,
  deliveriesInsert,
  findEndpoint,
  insertEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  requeueDelivery,
  setEndpointStatus,
  updateEndpointSecret,
  type DeliveryAnnouncement,
  type EndpointRow,
} from './webhooks.queries';
import type { HostResolver } from '../../lib/outbound-address';
import { webhookTargetProblem, webhookUrlProblem, type WebhookTargetRule } from './webhooks.url';

const sealContext = (endpointId: number) => `webhook_endpoints.secret:${endpointId}`;

export function openSecret(cipher: FieldCipher, endpoint: { id: number; secretSealed: string }) {
  return cipher.decrypt(endpoint.secretSealed, sealContext(endpoint.id));
}

function webhookAudit(
  tx: Tx,
  actor: AuditActor,
  verb: string,
  entity: 'webhook' | 'webhook_delivery',
  id: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const action = `${entity}.${verb}`;
  return recordAuditBy(tx, actor, { action, entity, entityId: id, before, after });
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (e: WebhookEndpointDto) => ({ url: e.url, events: e.events, status: e.status });

function toDto(row: EndpointRow): WebhookEndpointDto {
  return {
    ...pick(row, 'id', 'url', 'events', 'status'),
    paused_reason: row.pausedReason,
    failing_since: row.failingSince ? row.failingSince.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Refuses (400 naming `url`) an endpoint URL that leads inside the network now, its host name
 * resolved. Called before the transaction, so no connection waits on DNS; delivery checks again.
 */
export async function assertWebhookTarget(
  url: string,
  options: WebhookTargetRule & { resolve: HostResolver },
): Promise<void> {
  const problem = await webhookTargetProblem(url, options);
  if (problem) throw fieldError({ url: problem });
}

/**
 * Registers an endpoint. The URL must pass the endpoint rule (webhooks.url.ts); the secret is
 * sealed with the field cipher, bound to the row's id, and never answered back.
 */
export async function createWebhook(
  tx: Tx,
  cipher: FieldCipher,
  input: {
    url: string;
    events: WebhookEvent[];
    secret: string;
    createdBy: AuditActor;
    rule: WebhookTargetRule;
  },
): Promise<WebhookEndpointDto> {
  const problem = webhookUrlProblem(input.url, input.rule);
  if (problem) throw fieldError({ url: problem });
  const row = await insertEndpoint(tx, {
    url: input.url,
    events: [...new Set(input.events)],
    secretSealed: 'pending',
    createdByUserId: input.createdBy.id,
  });
  const sealed = cipher.encrypt(input.secret, sealContext(row.id));
  await updateEndpointSecret(tx, row.id, sealed);
  const dto = toDto({ ...row, secretSealed: sealed });
  await webhookAudit(tx, input.createdBy, 'create', 'webhook', row.id, null, audited(dto));
  return dto;
}

export async function listWebhooks(tx: Tx): Promise<WebhookEndpointDto[]> {
  return (await listEndpoints(tx)).map(toDto);
}

export async function removeWebhook(tx: Tx, id: number, actor: AuditActor): Promise<void> {
  const row = await findEndpoint(tx, id);
  if (!row || !(await deleteEndpoint(tx, id)))
    throw new AppError('NOT_FOUND', 'This webhook does not exist');
  await webhookAudit(tx, actor, 'delete', 'webhook', id, audited(toDto(row)), null);
}

/** Pauses or resumes an endpoint; resuming clears its run of failures so retries start afresh. */
export async function setWebhookPaused(
  tx: Tx,
  id: number,
  paused: boolean,
  actor: AuditActor,
): Promise<WebhookEndpointDto> {
  const before = await findEndpoint(tx, id);
  const row = await setEndpointStatus(
    tx,
    id,
    paused ? 'paused' : 'active',
    paused ? 'paused by staff' : null,
  );
  if (!before || !row) throw new AppError('NOT_FOUND', 'This webhook does not exist');
  await webhookAudit(
    tx,
    actor,
    paused ? 'pause' : 'resume',
    'webhook',
    id,
    { status: before.status, paused_reason: before.pausedReason },
    { status: row.status, paused_reason: row.pausedReason },
  );
  return toDto(row);
}

/** The endpoint's latest deliveries, each with its attempt log. */
export async function webhookDeliveries(tx: Tx, endpointId: number): Promise<WebhookDeliveryDto[]> {
  if (!(await findEndpoint(tx, endpointId)))
    throw new AppError('NOT_FOUND', 'This webhook does not exist');
  const rows = await listDeliveries(tx, endpointId, 100);
  const attempts = await listAttempts(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    endpoint_id: r.endpointId,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.nextAttemptAt.toISOString(),
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    delivered_at: r.deliveredAt ? r.deliveredAt.toISOString() : null,
    log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        at: a.at.toISOString(),
        status_code: a.statusCode,
        error: a.error,
        duration_ms: a.durationMs,
      })),
  }));
}

/** Staff "redeliver": the delivery is due again now, whatever its state. */
export async function redeliver(
  tx: Tx,
  deliveryId: number,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  if (!(await requeueDelivery(tx, deliveryId, now)))
    throw new AppError('NOT_FOUND', 'This delivery does not exist');
  await webhookAudit(tx, actor, 'redeliver', 'webhook_delivery', deliveryId, null, {
    next_attempt_at: now.toISOString(),
  });
}

/**
 * Queues `event` for every endpoint subscribed to it. Call it inside the transaction of the change
 * the event reports (transactional outbox): if that rolls back, nothing is sent.
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.execute(webhookEventInsert(event, data));
}

/**
 * enqueueWebhookEvent's INSERT as a statement the caller runs in its own statement batch (a
 * data-modifying CTE beside its change, one round trip). With 'after-commit' it answers a row per
 * delivery queued, and the caller publishes WEBHOOKS_CHANNEL once its change committed.
 */
export function webhookEventInsert(
  event: WebhookEvent,
  data: Record<string, unknown>,
  announce?: DeliveryAnnouncement,
): SQL {
  return deliveriesInsert(event, eventBody(event, data), announce);
}

/**
 * webhookEventInsert as a part of a statement built once per shape (db/prepared.ts
 * composedStatement): the INSERT with placeholders, the event and its body apart.
 */
export function webhookEventPart(
  event: WebhookEvent,
  data: Record<string, unknown>,
  announce: DeliveryAnnouncement = 'at-commit',
): StatementPart {
  return {
    shape: `webhook(${announce})`,
    build: () =>
      deliveriesInsert(sql.placeholder('webhook_event'), sql.placeholder('webhook_body'), announce),
    values: { webhook_event: event, webhook_body: eventBody(event, data) },
  };
}

function eventBody(event: WebhookEvent, data: Record<string, unknown>): string {
  return JSON.stringify({ id: randomUUID(), event, created_at: new Date().toISOString(), data });
}
