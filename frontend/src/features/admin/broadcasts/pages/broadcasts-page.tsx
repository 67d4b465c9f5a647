import { Badge } from '@/components/ui/badge';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { AUDIENCES, useBroadcasts } from '../api/broadcasts';
import { BroadcastComposer } from '../components/broadcast-composer';
import { BroadcastProgressBar, BroadcastRates, CancelScheduled } from '../components/broadcast-progress';

// /admin/broadcasts: write a launch announcement and send it to an audience of the waitlist,
// then follow it; below, the announcements sent before.

const COLUMNS = 4;

export default function BroadcastsPage() {
  const broadcasts = useBroadcasts();
  const rows = broadcasts.data ?? [];
  return (
    <AdminPage title="Announcements" description="Tell the waitlist the news: the launch, a new feature, an event near them.">
      <BroadcastComposer />
      <h2 className="mb-3 font-display text-xl font-bold tracking-tight text-foreground">Sent and scheduled</h2>
      <TableFrame label="Sent and scheduled announcements" busy={broadcasts.isFetching}>
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>Subject</Th>
            <Th>Audience</Th>
            <Th className="w-2/5">Progress</Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={broadcasts}
          rows={rows}
          noun="announcements"
          empty={{ title: 'No announcements yet', hint: 'The ones you send appear here, with how many went out.' }}
        >
          {(broadcast) => (
            <Tr key={broadcast.id}>
              <Td label="Date">{formatAdminDateTime(broadcast.sendAt ?? broadcast.createdAt)}</Td>
              <Td label="Subject" className="font-medium wrap-break-word">
                {broadcast.subject}
              </Td>
              <Td label="Audience">
                <Badge tone="neutral">{AUDIENCES.find((a) => a.value === broadcast.audience)?.label ?? broadcast.audience}</Badge>
              </Td>
              <Td label="Progress">
                <BroadcastProgressBar progress={broadcast} label={`Progress of ${broadcast.subject}`} />
                <BroadcastRates progress={broadcast} />
                {broadcast.status === 'scheduled' ? <CancelScheduled id={broadcast.id} className="mt-2" /> : null}
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>
    </AdminPage>
  );
}
