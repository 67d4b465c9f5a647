import { Download, FileUp, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { Spinner } from '@/components/ui/form-controls';
import { ListPager } from '@/features/admin/shell/list/list-pager';
import { FilterSelect, ListToolbar, SearchField } from '@/features/admin/shell/list/list-toolbar';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useSearchInAddress } from '@/features/admin/shell/lib/use-search-in-address';
import { useStaffAccess } from '@/features/admin/shell/lib/staff-access';
import { AdmitMembersPanel } from '../components/admit-members-panel';
import { ImportMembersDialog } from '../components/import-members-dialog';
import { MemberDialog, type EraseByEmail } from '../components/member-dialog';
import { MemberStatusBadges, STATUS_LABELS } from '../components/member-status-badge';
import { ReferralReviewButtons } from '../components/referral-review-buttons';
import { TopReferrers } from '../components/top-referrers';
import { WaitlistViews, type WaitlistView } from '../components/waitlist-views';
import { exportUrl, isMemberStatus, LEADERBOARD_SIZES, MEMBER_STATUSES, useMembers, useMemberStatusCounts, type MemberFilter } from '../api/waitlist';

// /admin/waitlist: the members in position order, searched by name, address or referral code,
// filtered by status (with counts), a page at a time (keyset: Next and Previous walk the cursors),
// and the CSV of what is selected; beside it (?view=referrers) the top referrers, whose held
// referrals are reviewed several at once. A role that only reads the list (waitlist but not
// waitlist.manage) sees it without the CSV, the import, the admissions and the referral review.

const COLUMNS = 7;

export default function WaitlistPage({ erase }: { erase: EraseByEmail | null }) {
  const id = useId();
  const manage = useStaffAccess().can('waitlist.manage');
  const [params, setParams] = useSearchParams();
  // Everything the list shows is in the address, so a reload or a shared link shows the same:
  // ?search, ?status, ?pages (the keyset cursors walked to reach this page, dot-separated:
  // Previous pops one), ?member (the member whose view is open) and ?import (the CSV import
  // being followed: its progress, then its report); ?view=referrers, ?top (how many) and
  // ?referrer (whose held referrals are open) for the top referrers.
  const view: WaitlistView = params.get('view') === 'referrers' ? 'referrers' : 'members';
  const top = LEADERBOARD_SIZES.find((size) => String(size) === params.get('top')) ?? LEADERBOARD_SIZES[0];
  const openId = params.get('member');
  const importId = params.get('import');
  const [importing, setImporting] = useState(false);
  const rawStatus = params.get('status');
  const status: MemberFilter | null = isMemberStatus(rawStatus) ? rawStatus : null;
  const { search, setSearch, query } = useSearchInAddress('search', (settled) => setQuery({ search: settled || null, pages: null }, { replace: true }));
  const cursors = (params.get('pages') ?? '').split('.').filter(Boolean);
  const cursor = cursors[cursors.length - 1] ?? null;

  /** Changes the address's query: `null` removes a key; a new search, status or page closes no view. */
  function setQuery(changes: Record<string, string | null>, options: { replace?: boolean } = {}) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, options);
  }
  const setCursors = (next: string[]) => setQuery({ pages: next.join('.') || null });
  const openMember = (memberId: string | null) => setQuery({ member: memberId });

  /** The other view keeps none of this one's address (a member's view, a page, a referrer open). */
  function hrefOf(next: WaitlistView): string {
    return next === 'referrers' ? '?view=referrers' : '?';
  }

  const members = useMembers({ search: query, status, cursor });
  const counts = useMemberStatusCounts();
  useErrorToast('Failed to fetch the waitlist', members.error, members.errorUpdatedAt);

  const data = members.data;
  const first = cursors.length * 50 + 1;
  const summary = data
    ? data.total === 0
      ? 'No members'
      : `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'member' : 'members'}${data.entries.length ? `, showing ${first.toLocaleString('en-US')}–${(first + data.entries.length - 1).toLocaleString('en-US')}` : ''}`
    : null;

  function setStatus(next: MemberFilter | null) {
    setQuery({ status: next, pages: null });
  }

  return (
    <AdminPage
      title="Waitlist"
      description={
        view === 'referrers'
          ? 'Who brought the most friends: credited referrals first, with those pending and those held for review.'
          : manage
            ? 'Everyone on the waitlist, in position order. Search by name, email or referral code; download what you select as CSV, or import a list from another tool.'
            : 'Everyone on the waitlist, in position order. Search by name, email or referral code.'
      }
      actions={
        view === 'referrers' ? null : (
          <>
            <Button variant="secondary" onClick={() => void Promise.all([members.refetch(), counts.refetch()])} disabled={members.isFetching}>
              {members.isFetching ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
              Refresh
            </Button>
            {manage ? (
              <Button variant="secondary" onClick={() => setImporting(true)}>
                <FileUp className="size-4" aria-hidden="true" />
                Import CSV
              </Button>
            ) : null}
            {manage ? (
              <a href={exportUrl({ search: query, status })} className={buttonClasses('secondary')} download>
                <Download className="size-4" aria-hidden="true" />
                Download CSV
              </a>
            ) : null}
          </>
        )
      }
    >
      <WaitlistViews current={view} hrefOf={hrefOf} />
      {view === 'referrers' ? (
        <TopReferrers
          limit={top}
          referrerId={params.get('referrer')}
          manage={manage}
          onLimit={(limit) => setQuery({ top: limit === LEADERBOARD_SIZES[0] ? null : String(limit) }, { replace: true })}
          onOpenReferrer={(referrerId) => setQuery({ referrer: referrerId })}
        />
      ) : (
        <>
          {manage ? <AdmitMembersPanel /> : null}

          <ListToolbar summary={summary}>
            <SearchField id={`${id}-search`} label="Search" placeholder="Name, email or referral code" value={search} onChange={setSearch} />
            <FilterSelect
              id={`${id}-status`}
              label="Status"
              className="sm:w-56"
              value={status ?? 'all'}
              onChange={(value) => setStatus(isMemberStatus(value) ? value : null)}
            >
              <option value="all">All{counts.data ? ` (${counts.data.all.toLocaleString('en-US')})` : ''}</option>
              {[MEMBER_STATUSES.slice(0, 3), MEMBER_STATUSES.slice(3)].map((group, i) => (
                <optgroup key={i} label={i === 0 ? 'State' : 'Also'}>
                  {group.map((value) => (
                    <option key={value} value={value}>
                      {STATUS_LABELS[value]}
                      {counts.data ? ` (${counts.data[value].toLocaleString('en-US')})` : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </FilterSelect>
          </ListToolbar>

          <TableFrame label="Waitlist members" busy={members.isFetching}>
            <thead>
              <tr>
                <Th>#</Th>
                <Th>Name</Th>
                <Th>Email</Th>
                <Th>Status</Th>
                <Th>Credited</Th>
                <Th>Joined</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <ListTableBody
              columns={COLUMNS}
              query={members}
              rows={data?.entries ?? []}
              filtered={Boolean(query || status)}
              noun="waitlist"
              empty={{ title: 'Nobody on the waitlist yet', hint: 'Members appear here as soon as someone joins.' }}
              noMatch={{ title: 'No members match', hint: 'Try another search or status.' }}
            >
              {(member) => (
                <Tr key={member.id}>
                  <Td label="Position" className="font-mono tabular-nums">
                    {member.position.toLocaleString('en-US')}
                  </Td>
                  <Td label="Name" className="font-medium">
                    <button
                      type="button"
                      className="text-left underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                      aria-label={`View ${member.firstName}`}
                      onClick={() => openMember(member.id)}
                    >
                      {member.firstName}
                    </button>
                    {member.disposableEmail ? (
                      <Badge tone="warning" className="ml-2">
                        Disposable email
                      </Badge>
                    ) : null}
                  </Td>
                  <Td label="Email" className="wrap-break-word">
                    {member.email}
                  </Td>
                  <Td label="Status">
                    <MemberStatusBadges member={member} />
                  </Td>
                  <Td label="Credited referrals" className="tabular-nums">
                    {member.referralCredits}
                  </Td>
                  <Td label="Joined">{formatAdminDate(member.createdAt)}</Td>
                  <Td actions className="text-right">
                    {member.referralHeld && manage ? <ReferralReviewButtons member={member} inRow /> : null}
                  </Td>
                </Tr>
              )}
            </ListTableBody>
          </TableFrame>

          <ListPager
            label="Waitlist pages"
            previousDisabled={cursors.length === 0 || members.isFetching}
            onPrevious={() => setCursors(cursors.slice(0, -1))}
            nextDisabled={!data?.nextCursor || members.isFetching}
            onNext={() => data?.nextCursor && setCursors([...cursors, data.nextCursor])}
          />
        </>
      )}
      {manage ? (
        <ImportMembersDialog
          open={importing || importId !== null}
          importId={importId}
          onStarted={(started) => {
            setImporting(false);
            setQuery({ import: started });
          }}
          onClose={() => {
            setImporting(false);
            setQuery({ import: null });
          }}
        />
      ) : null}
      <MemberDialog id={openId} onOpen={openMember} onClose={() => openMember(null)} manage={manage} erase={erase} />
    </AdminPage>
  );
}
