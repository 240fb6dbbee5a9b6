import { z } from 'zod';
import { okResponse } from '../common';
import { countField, MAX_DATABASE_INTEGER, requiredText } from '../common/safe-input';

export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.status_changed',
  'customer.created',
  'invoice.created',
  'payment.recorded',
  'credit.hold_changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** POST /api/admin/webhooks */
export const CreateWebhookBody = z.object({
  url: requiredText(500, 'url is required', 'url is too long (500 characters at most)'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: 'events holds an unknown event' }), {
      message: 'events must be a list of events',
    })
    .min(1, { message: 'events must name at least one event' })
    .max(WEBHOOK_EVENTS.length, { message: 'events holds too many events' }),
  secret: z
    .string({ message: 'secret is required' })
    .min(16, { message: 'secret must be at least 16 characters' })
    .max(200, { message: 'secret is too long (200 characters at most)' }),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

export const WebhookEndpointDto = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  status: z.enum(['active', 'paused']),
  paused_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointDto>;

export const WebhookAttemptDto = z.object({
  at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const WebhookDeliveryDto = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  log: z.array(WebhookAttemptDto),
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;

export const WebhookListResponse = okResponse({
  endpoints: z.array(WebhookEndpointDto),
});
export const WebhookEndpointResponse = okResponse({
  endpoint: WebhookEndpointDto,
});
export const WebhookDeliveriesResponse = okResponse({
  deliveries: z.array(WebhookDeliveryDto),
});
export type WebhookListResponse = z.infer<typeof WebhookListResponse>;
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;
export const WebhookIdParams = z.object({
  id: countField(MAX_DATABASE_INTEGER, 'id must be a webhook number'),
});
