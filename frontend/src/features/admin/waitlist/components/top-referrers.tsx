import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { FilterSelect, ListToolbar } from '@/features/admin/shell/list/list-toolbar';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { LEADERBOARD_SIZES, useLeaderboard } from '../api/waitlist';
import { HeldReferralsDialog } from './held-referrals-dialog';

const COLUMNS = 8;

/**
 * The top referrers: members with a referral of any kind, most credited referrals first (ties in
 * list order), with their pending and held referrals. A referrer's held referrals open in a
 * dialog, where staff who manage the waitlist decide several at once. What is shown (`limit`) and
 * whose held referrals are open (`referrer`) live in the address, like the members' list.
 */
export function TopReferrers({
  limit,
  referrerId,
  manage,
  onLimit,
  onOpenReferrer,
}: {
  limit: number;
  referrerId: string | null;
  manage: boolean;
  onLimit: (limit: number) => void;
  onOpenReferrer: (id: string | null) => void;
}) {
  const id = useId();
  const board = useLeaderboard(limit);
  useErrorToast('Failed to fetch the top referrers', board.error, board.errorUpdatedAt);
  const entries = board.data?.entries ?? [];

  return (
    <>
      <ListToolbar
        summary={
          board.data
            ? entries.length === 0
              ? 'No referrers yet'
              : `The top ${entries.length.toLocaleString('en-US')} ${entries.length === 1 ? 'referrer' : 'referrers'}, by credited referrals`
            : null
        }
      >
        <FilterSelect id={`${id}-limit`} label="Show" className="sm:w-40" value={String(limit)} onChange={(value) => onLimit(Number(value))}>
          {LEADERBOARD_SIZES.map((size) => (
            <option key={size} value={size}>
              Top {size}
            </option>
          ))}
        </FilterSelect>
        <Button variant="secondary" className="sm:ml-auto" onClick={() => void board.refetch()} disabled={board.isFetching}>
          {board.isFetching ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
          Refresh
        </Button>
      </ListToolbar>

      <TableFrame label="Top referrers" busy={board.isFetching}>
        <thead>
          <tr>
            <Th>Rank</Th>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Credited</Th>
            <Th>Pending</Th>
            <Th>Held</Th>
            <Th>Position</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={board}
          rows={entries}
          noun="top referrers"
          empty={{ title: 'No referrals yet', hint: 'Members show here once a friend joins with their referral link.' }}
        >
          {(referrer) => (
            <Tr key={referrer.id}>
              <Td label="Rank" className="font-mono tabular-nums">
                {entries.indexOf(referrer) + 1}
              </Td>
              <Td label="Name" className="font-medium wrap-break-word">
                {referrer.firstName}
              </Td>
              <Td label="Email" className="wrap-break-word">
                {referrer.email}
              </Td>
              <Td label="Credited" className="tabular-nums">
                {referrer.referralCredits}
              </Td>
              <Td label="Pending" className="tabular-nums">
                {referrer.pendingReferrals}
              </Td>
              <Td label="Held" className="tabular-nums">
                {referrer.heldReferrals > 0 ? <Badge tone="warning">{referrer.heldReferrals} held</Badge> : 0}
              </Td>
              <Td label="Position" className="font-mono tabular-nums">
                {referrer.position.toLocaleString('en-US')}
              </Td>
              <Td actions className="text-right">
                {referrer.heldReferrals > 0 ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${manage ? 'Review' : 'View'} held referrals of ${referrer.firstName}`}
                    onClick={() => onOpenReferrer(referrer.id)}
                  >
                    {manage ? 'Review held' : 'View held'}
                  </Button>
                ) : null}
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>
      <HeldReferralsDialog referrerId={referrerId} onClose={() => onOpenReferrer(null)} manage={manage} />
    </>
  );
}
