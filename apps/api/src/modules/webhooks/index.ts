// The webhooks module's door: what other modules and workflows may use.
export { enqueueWebhookEvent, webhookEventInsert, webhookEventPart } from './webhooks.service';
export { WEBHOOKS_CHANNEL } from './webhooks.queries';
export { startWebhookWorker } from './webhooks.worker';
export { webhooksRoutes } from './webhooks.routes';
export { webhookRuleOf } from './webhooks.url';
// The back-office home counts the failing deliveries.
export { webhooksSummary } from './webhooks.home';
