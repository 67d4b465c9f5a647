import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// Outgoing webhooks (/api/admin/webhooks): the endpoints other systems gave us, with how their
// deliveries stand; adding, changing, pausing, resuming and deleting one; rotating its signing
// secret; its delivery log, 50 a page newest first, and sending a delivery again.

export type WebhookEndpoint = ApiSchema<'WebhookEndpointDto'>;

export type WebhookEventType = WebhookEndpoint['events'][number];

export type WebhookInput = ApiSchema<'CreateWebhookDto'>;

export type WebhookChange = ApiSchema<'UpdateWebhookDto'>;

export type WebhookCreated = ApiSchema<'WebhookCreatedDto'>;

export type WebhookDelivery = ApiSchema<'WebhookDeliveryDto'>;

export type WebhookDeliveryStatus = WebhookDelivery['status'];

export type WebhookDeliveryPage = ApiSchema<'WebhookDeliveryPageDto'>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'cancelled'] as const satisfies readonly WebhookDeliveryStatus[];

export function isWebhookDeliveryStatus(value: unknown): value is WebhookDeliveryStatus {
  return typeof value === 'string' && (WEBHOOK_DELIVERY_STATUSES as readonly string[]).includes(value);
}

const BASE = '/api/admin/webhooks';
export const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;
/** While something is on its way, the lists look again this often. */
const WHILE_SENDING_MS = 3_000;

const endpointPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** Whether an endpoint has deliveries that will move without anyone doing anything (a paused one's wait for staff). */
function moving(endpoint: WebhookEndpoint): boolean {
  return endpoint.status === 'active' && endpoint.deliveries.pending > 0;
}

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, 'list'],
    queryFn: async ({ signal }) => (await api.get<ApiSchema<'WebhookEndpointListDto'>>(BASE, { signal })).endpoints,
    refetchInterval: (query) => (query.state.data?.some(moving) ? WHILE_SENDING_MS : false),
  });
}

/** One endpoint's delivery log, narrowed to a status; it follows itself while a delivery is pending or being sent. */
export function useWebhookDeliveries(endpoint: WebhookEndpoint, status: WebhookDeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', endpoint.id, { status }],
    queryFn: ({ pageParam, signal }) =>
      api.get<WebhookDeliveryPage>(`${endpointPath(endpoint.id)}/deliveries`, {
        params: { status: status ?? undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 2_000,
    refetchInterval: (query) =>
      endpoint.status === 'active' &&
      query.state.data?.pages.some((page) => page.deliveries.some((one) => one.status === 'pending' || one.status === 'sending'))
        ? WHILE_SENDING_MS
        : false,
  });
}

function useWebhookMutation<Input, Result>(name: string, call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...WEBHOOKS_KEY, name],
    mutationFn: call,
    // The list and the logs both show what changed (a status, a count, a delivery pending again).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useCreateWebhook() {
  return useWebhookMutation('create', (input: WebhookInput) => api.post<WebhookCreated>(BASE, input));
}

export function useUpdateWebhook() {
  return useWebhookMutation('update', ({ id, change }: { id: string; change: WebhookChange }) => api.patch<WebhookEndpoint>(endpointPath(id), change));
}

export function useRotateWebhookSecret() {
  return useWebhookMutation('rotate', (id: string) => api.post<ApiSchema<'WebhookSecretDto'>>(`${endpointPath(id)}/secret`));
}

export function usePauseWebhook() {
  return useWebhookMutation('pause', (id: string) => api.post<WebhookEndpoint>(`${endpointPath(id)}/pause`));
}

export function useResumeWebhook() {
  return useWebhookMutation('resume', (id: string) => api.post<WebhookEndpoint>(`${endpointPath(id)}/resume`));
}

export function useDeleteWebhook() {
  return useWebhookMutation('delete', (id: string) => api.delete<void>(endpointPath(id)));
}

export function useResendWebhookDelivery() {
  return useWebhookMutation('resend', ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    api.post<void>(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
  );
}
