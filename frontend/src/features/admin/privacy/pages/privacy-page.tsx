import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, Panel } from '@/features/admin/shell/components/admin-page';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useErasePerson, useLookUpPerson, usePrivacyActivity, useSuppressions } from '../api/privacy';
import { ErasePersonDialog } from '../components/erase-person-dialog';
import { PersonSummary } from '../components/person-summary';

// /admin/privacy: answer a person's privacy request. Look them up by address (what we hold,
// downloadable as the JSON export), erase them after typing the address again; see the
// suppression list by reason and the latest erasures and exports (when and by whom, never whose).

const REASON_LABELS = { bounced: 'Bounced', complained: 'Complained', unsubscribed: 'Unsubscribed' } as const;
const REASON_TONES = { bounced: 'danger', complained: 'danger', unsubscribed: 'warning' } as const;

export default function PrivacyPage() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [erasing, setErasing] = useState(false);
  const lookUp = useLookUpPerson();
  const erase = useErasePerson();
  const suppressions = useSuppressions();
  const activity = usePrivacyActivity();
  useErrorToast('Failed to fetch the suppression list', suppressions.error, suppressions.errorUpdatedAt);
  useErrorToast('Failed to fetch privacy activity', activity.error, activity.errorUpdatedAt);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (lookUp.isPending || !email.trim()) return;
    lookUp.mutate(email.trim());
  }

  const person = lookUp.data;
  return (
    <AdminPage
      title="Privacy"
      description="Answer a person's request: see what we hold under their address, download it, or erase them. Every look-up and erasure is recorded (when and by whom, never whose)."
    >
      <div className="grid gap-6">
        <Panel aria-labelledby={`${id}-lookup`}>
          <h2 id={`${id}-lookup`} className="text-lg font-semibold">
            Look up a person
          </h2>
          <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <FieldShell id={`${id}-email`} label="Email" className="min-w-0 flex-1">
              <TextInput
                id={`${id}-email`}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={lookUp.isError ? `${id}-error` : undefined}
                aria-invalid={lookUp.isError || undefined}
              />
            </FieldShell>
            <Button type="submit" disabled={lookUp.isPending || !email.trim()}>
              {lookUp.isPending ? <Spinner /> : <Search className="size-4" aria-hidden="true" />}
              Look up
            </Button>
          </form>
          <FormError id={`${id}-error`} message={lookUp.isError ? errorMessage(lookUp.error) : null} />
        </Panel>

        {person ? <PersonSummary person={person} onErase={() => setErasing(true)} /> : null}
        {person ? (
          <ErasePersonDialog
            email={person.subject.email}
            open={erasing}
            onOpenChange={setErasing}
            busy={erase.isPending}
            error={erase.error}
            onErase={() =>
              erase.mutate(person.subject.email, {
                onSuccess: (result) => {
                  setErasing(false);
                  lookUp.reset();
                  setEmail('');
                  notify.success('Person erased', `${result.records} records removed. Audit id ${result.requestId.slice(0, 8)}.`);
                },
              })
            }
          />
        ) : null}

        <section aria-labelledby={`${id}-suppressions`}>
          <h2 id={`${id}-suppressions`} className="text-lg font-semibold">
            Suppression list
          </h2>
          <p className="mt-1 text-sm text-muted">
            Addresses no marketing email goes to (unsubscribed), or no email at all (bounced, complained). Kept as keyed hashes: look a person up to see whether
            they are on it.
          </p>
          {suppressions.data ? (
            <p className="mt-3 flex flex-wrap gap-2 text-sm">
              {(Object.keys(REASON_LABELS) as (keyof typeof REASON_LABELS)[]).map((reason) => (
                <Badge key={reason} tone={REASON_TONES[reason]}>
                  {REASON_LABELS[reason]}: {suppressions.data.counts[reason]}
                </Badge>
              ))}
            </p>
          ) : null}
          <div className="mt-4">
            <TableFrame label="Suppressed addresses" busy={suppressions.isFetching}>
              <thead>
                <tr>
                  <Th>Address hash</Th>
                  <Th>Reason</Th>
                  <Th>Since</Th>
                </tr>
              </thead>
              <ListTableBody
                columns={3}
                query={suppressions}
                rows={suppressions.data?.recent ?? []}
                noun="suppression list"
                empty={{ title: 'Nobody is suppressed', hint: 'Bounces, complaints and unsubscribes appear here.' }}
              >
                {(entry) => (
                  <Tr key={entry.addressHash + entry.createdAt}>
                    <Td label="Hash" className="font-mono text-xs">
                      {entry.addressHash}…
                    </Td>
                    <Td label="Reason">
                      <Badge tone={REASON_TONES[entry.reason]}>{REASON_LABELS[entry.reason]}</Badge>
                    </Td>
                    <Td label="Since">{formatAdminDateTime(entry.createdAt)}</Td>
                  </Tr>
                )}
              </ListTableBody>
            </TableFrame>
          </div>
        </section>

        <section aria-labelledby={`${id}-activity`}>
          <h2 id={`${id}-activity`} className="text-lg font-semibold">
            Recent requests
          </h2>
          <div className="mt-4">
            <TableFrame label="Recent privacy requests" busy={activity.isFetching}>
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>What</Th>
                  <Th>By</Th>
                  <Th>Audit id</Th>
                </tr>
              </thead>
              <ListTableBody
                columns={4}
                query={activity}
                rows={activity.data ?? []}
                noun="privacy requests"
                empty={{ title: 'No requests yet', hint: 'Look-ups, downloads and erasures appear here.' }}
              >
                {(item) => (
                  <Tr key={item.requestId}>
                    <Td label="When">{formatAdminDateTime(item.at)}</Td>
                    <Td label="What">{item.kind === 'erasure' ? `Erasure${item.records !== null ? ` (${item.records} records)` : ''}` : 'Look-up or copy'}</Td>
                    <Td label="By">{item.by === 'staff' ? (item.staffEmail ?? 'Staff') : 'The person (self-service)'}</Td>
                    <Td label="Audit id" className="font-mono text-xs">
                      {item.requestId.slice(0, 8)}
                    </Td>
                  </Tr>
                )}
              </ListTableBody>
            </TableFrame>
          </div>
        </section>
      </div>
    </AdminPage>
  );
}
