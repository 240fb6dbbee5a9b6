import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveriesResponse, WebhookListResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** GET /api/admin/webhooks: the endpoints with their state (never their secret). */
export const getWebhooks = () => api.get<WebhookListResponse>('/admin/webhooks');

export const webhooksQuery = () =>
  queryOptions({ queryKey: integrationKeys.list('webhooks'), queryFn: getWebhooks });

export const useWebhooks = () => useQuery(webhooksQuery());

/** GET /api/admin/webhooks/:id/deliveries: the latest deliveries with every attempt. */
export const getWebhookDeliveries = (id: number) =>
  api.get<WebhookDeliveriesResponse>(`/admin/webhooks/${id}/deliveries`);

export const useWebhookDeliveries = (id: number) =>
  useQuery({
    queryKey: integrationKeys.detail(id, 'deliveries'),
    queryFn: () => getWebhookDeliveries(id),
  });
