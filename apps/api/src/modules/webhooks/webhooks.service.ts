import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryDto, WebhookEndpointDto, WebhookEvent } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import type { FieldCipher } from '../../lib/crypto';
import { AppError, fieldError } from '../../lib/app-error';
import {
  deleteEndpoint,
  findEndpoint,
  insertDeliveriesFor,
  insertEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  requeueDelivery,
  setEndpointStatus,
  updateEndpointSecret,
  type EndpointRow,
} from './webhooks.queries';
import { webhookUrlProblem } from './webhooks.url';

const sealContext = (endpointId: number) => `webhook_endpoints.secret:${endpointId}`;

export function openSecret(cipher: FieldCipher, endpoint: { id: number; secretSealed: string }) {
  return cipher.decrypt(endpoint.secretSealed, sealContext(endpoint.id));
}

function toDto(row: EndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.status,
    paused_reason: row.pausedReason,
    failing_since: row.failingSince ? row.failingSince.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
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
    createdBy: number;
    production: boolean;
  },
): Promise<WebhookEndpointDto> {
  const problem = webhookUrlProblem(input.url, { production: input.production });
  if (problem) throw fieldError({ url: problem });
  const row = await insertEndpoint(tx, {
    url: input.url,
    events: [...new Set(input.events)],
    secretSealed: 'pending',
    createdByUserId: input.createdBy,
  });
  const sealed = cipher.encrypt(input.secret, sealContext(row.id));
  await updateEndpointSecret(tx, row.id, sealed);
  return toDto({ ...row, secretSealed: sealed });
}

export async function listWebhooks(tx: Tx): Promise<WebhookEndpointDto[]> {
  return (await listEndpoints(tx)).map(toDto);
}

export async function removeWebhook(tx: Tx, id: number): Promise<void> {
  if (!(await deleteEndpoint(tx, id)))
    throw new AppError('NOT_FOUND', 'This webhook does not exist');
}

/** Pauses or resumes an endpoint; resuming clears its run of failures so retries start afresh. */
export async function setWebhookPaused(
  tx: Tx,
  id: number,
  paused: boolean,
): Promise<WebhookEndpointDto> {
  const row = await setEndpointStatus(
    tx,
    id,
    paused ? 'paused' : 'active',
    paused ? 'paused by staff' : null,
  );
  if (!row) throw new AppError('NOT_FOUND', 'This webhook does not exist');
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
export async function redeliver(tx: Tx, deliveryId: number, now = new Date()): Promise<void> {
  if (!(await requeueDelivery(tx, deliveryId, now)))
    throw new AppError('NOT_FOUND', 'This delivery does not exist');
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
  const body = JSON.stringify({
    id: randomUUID(),
    event,
    created_at: new Date().toISOString(),
    data,
  });
  await insertDeliveriesFor(tx, event, body);
}
