// The webhooks module's door: what other modules and workflows may use.
export { enqueueWebhookEvent } from './webhooks.service';
export { startWebhookWorker } from './webhooks.worker';
export { webhooksRoutes } from './webhooks.routes';
