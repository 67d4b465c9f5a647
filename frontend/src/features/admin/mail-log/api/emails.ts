import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// The mail log (shapes: openapi.json): every email the platform wrote,
// newest first, with its rendered HTML and text for a preview, and a resend for failures.

/** An email's status: 'pending' while it waits to leave (the first attempt, or a retry). */
export type MailStatus = ApiSchema<'MailLogItemDto'>['status'];
/** The statuses the list can be filtered by. */
export const MAIL_STATUSES = ['logged', 'sent', 'delivered', 'bounced', 'failed', 'suppressed'] as const satisfies readonly MailStatus[];
export type MailStatusFilter = (typeof MAIL_STATUSES)[number];

export type MailLogItem = ApiSchema<'MailLogItemDto'>;

export type MailLogDetail = ApiSchema<'MailLogEntryDto'>;

export type MailLogPage = ApiSchema<'MailLogPageDto'>;

export const MAIL_PAGE_SIZE = 25;
const BASE = '/api/admin/emails';
export const MAIL_LOG_KEY = ['admin', 'emails'] as const;

export function isMailStatus(value: unknown): value is MailStatusFilter {
  return typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value);
}

/** What the list is narrowed to: a status, a kind of email (its template), words of the recipient or subject. */
export interface MailLogQuery {
  page: number;
  status: MailStatusFilter | null;
  template: string | null;
  search: string;
}

export function useMailLog({ page, status, template, search }: MailLogQuery) {
  return useQuery({
    queryKey: [...MAIL_LOG_KEY, 'list', { page, status, template, search }],
    queryFn: ({ signal }) =>
      api.get<MailLogPage>(BASE, {
        params: { page, pageSize: MAIL_PAGE_SIZE, status: status ?? undefined, template: template ?? undefined, search: search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** The kinds of email the log holds (templates), for the Kind filter. */
export function useMailTemplates() {
  return useQuery({
    queryKey: [...MAIL_LOG_KEY, 'templates'],
    queryFn: async ({ signal }) => (await api.get<{ templates: string[] }>(`${BASE}/templates`, { signal })).templates,
    staleTime: 60_000,
  });
}

export type MailDelivery = ApiSchema<'MailDeliveryDto'>;

/** Whether this instance sends email, or only writes it to the mail log (no RESEND_API_KEY). */
export function useMailDelivery() {
  return useQuery({
    queryKey: [...MAIL_LOG_KEY, 'delivery'],
    queryFn: ({ signal }) => api.get<MailDelivery>(`${BASE}/delivery`, { signal }),
    staleTime: 60_000,
  });
}

export function useMailDetail(id: string | null) {
  return useQuery({
    queryKey: [...MAIL_LOG_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<MailLogDetail>(`${BASE}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    staleTime: 5_000,
  });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'emails', 'resend'],
    mutationFn: (id: string) => api.post<{ ok: true }>(`${BASE}/${encodeURIComponent(id)}/resend`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_LOG_KEY }),
  });
}

/** The kinds of email by their template, in words (a kind added later shows its template name). */
const KIND_LABELS: Record<string, string> = {
  'waitlist-welcome': 'Waitlist welcome',
  'waitlist-confirm-reminder': 'Confirmation link again',
  'waitlist-confirmation-reminder': 'Reminder to confirm',
  'waitlist-status-link': 'Status link',
  'waitlist-invite': 'Early-access invite',
  broadcast: 'Announcement',
  'broadcast-test': 'Announcement test',
  'admin-password-reset': 'Staff password reset',
  'staff-invitation': 'Staff invitation',
  'contact-confirmation': 'Contact form: receipt',
  'contact-notification': 'Contact form: team copy',
  'event-claim': 'Shot claim (event)',
  'shot-link': 'Shot link',
  'privacy-request-export': 'Privacy request: copy',
  'privacy-request-erasure': 'Privacy request: deletion',
};

export const kindLabel = (template: string): string => KIND_LABELS[template] ?? template;
