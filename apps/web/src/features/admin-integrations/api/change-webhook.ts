import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, WebhookEndpointResponse } from '@wholesale/contract';

type OkBody = { status: true };
import { api } from '@/lib/api-client';
import { integrationKeys } from './keys';

/** POST /api/admin/webhooks: the secret is sent once and never answered back. */
export const createWebhook = (body: CreateWebhookBody) =>
  api.post<WebhookEndpointResponse>('/admin/webhooks', body);

/** DELETE /api/admin/webhooks/:id, POST …/pause|resume, POST /api/admin/webhook-deliveries/:id/redeliver. */
export type WebhookAction =
  | { kind: 'delete'; id: number }
  | { kind: 'pause' | 'resume'; id: number }
  | { kind: 'redeliver'; id: number };

export const runWebhookAction = (action: WebhookAction) =>
  action.kind === 'delete'
    ? api.delete<OkBody>(`/admin/webhooks/${action.id}`)
    : action.kind === 'redeliver'
      ? api.post<OkBody>(`/admin/webhook-deliveries/${action.id}/redeliver`, {})
      : api.post<WebhookEndpointResponse>(`/admin/webhooks/${action.id}/${action.kind}`, {});

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};

export const useWebhookAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runWebhookAction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};
