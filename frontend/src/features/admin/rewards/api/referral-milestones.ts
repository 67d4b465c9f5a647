import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// Referral milestones (shapes: openapi.json): staff's list with what each has given, its
// replacement, and the catch-up for members who passed a milestone before it existed.

const BASE = '/api/admin/referral-milestones';
const KEY = ['admin', 'referral-milestones'] as const;

export type Milestone = ApiSchema<'MilestoneDto'>;
export type SavedMilestone = ApiSchema<'SavedMilestoneDto'>;
export type MilestoneReward = Milestone['reward'];

export const REWARDS: { value: MilestoneReward; label: string; hint: string }[] = [
  { value: 'early_access', label: 'Early-access code', hint: 'Their own code, in the email under your text (the way an admission gives one).' },
  { value: 'email', label: 'Thank-you email', hint: 'Your email only, with a one-click unsubscribe.' },
];

/** `follow`: a catch-up is on its way, so the counts are read again every two seconds. */
export function useMilestones(follow = false) {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: async () => (await api.get<ApiSchema<'MilestonesDto'>>(BASE)).milestones,
    refetchInterval: follow ? 2000 : false,
  });
}

export function useCatchUpSize(follow = false) {
  return useQuery({
    queryKey: [...KEY, 'catch-up'],
    queryFn: () => api.get<ApiSchema<'CatchUpDto'>>(`${BASE}/catch-up`),
    refetchInterval: follow ? 2000 : false,
  });
}

export function useSaveMilestones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...KEY, 'save'],
    mutationFn: (milestones: Milestone[]) => api.put<ApiSchema<'MilestonesDto'>>(BASE, { milestones }),
    onSuccess: (saved) => queryClient.setQueryData([...KEY, 'list'], saved.milestones),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...KEY, 'catch-up'] }),
  });
}

export function useCatchUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...KEY, 'catch-up'],
    mutationFn: () => api.post<ApiSchema<'CatchUpDto'>>(`${BASE}/catch-up`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
