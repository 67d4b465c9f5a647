import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// The mail log (/tmp/admin/API-CONTRACT.md "Mail log"): every email the platform wrote,
// newest first, with its rendered HTML and text for a preview, and a resend for failures.

export const MAIL_STATUSES = ['logged', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailLogItem {
  id: string;
  template: string;
  to: string;
  subject: string;
  status: MailStatus;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MailLogDetail extends MailLogItem {
  html: string;
  text: string;
  from: string;
}

export interface MailLogPage {
  items: MailLogItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const MAIL_PAGE_SIZE = 25;
const BASE = '/api/admin/emails';
export const MAIL_LOG_KEY = ['admin', 'emails'] as const;

export function isMailStatus(value: unknown): value is MailStatus {
  return typeof value === 'string' && (MAIL_STATUSES as readonly string[]).includes(value);
}

export function useMailLog({ page, status }: { page: number; status: MailStatus | null }) {
  return useQuery({
    queryKey: [...MAIL_LOG_KEY, 'list', { page, status }],
    queryFn: () =>
      api.get<MailLogPage>(BASE, { params: { page, pageSize: MAIL_PAGE_SIZE, status: status ?? undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useMailDetail(id: string | null) {
  return useQuery({
    queryKey: [...MAIL_LOG_KEY, 'detail', id],
    queryFn: () => api.get<MailLogDetail>(`${BASE}/${encodeURIComponent(id ?? '')}`),
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
