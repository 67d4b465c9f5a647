import { Download, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { personalDataFileName, saveJsonFile } from '@/lib/download';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import type { PersonalDataExport } from '../api/privacy';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What we hold about one person, at a glance, with the download and the way to erase. */
export function PersonSummary({ person, onErase }: { person: PersonalDataExport; onErase: () => void }) {
  const { waitlist, consent } = person;
  const nothing =
    !waitlist &&
    [person.contactMessages, person.shots, person.chatMessages, person.earlyAccessCodes, person.emails, person.privacyRequests].every(
      (list) => list.length === 0,
    );
  return (
    <Panel aria-labelledby="privacy-person">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="privacy-person" className="text-lg font-semibold wrap-break-word">
            {person.subject.email}
          </h2>
          <p className="mt-1 text-sm text-muted">{nothing ? 'We hold nothing under this address.' : 'What we hold under this address:'}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <Button variant="secondary" onClick={() => saveJsonFile(personalDataFileName(person.subject.email), person)}>
            <Download className="size-4" aria-hidden="true" />
            Download JSON
          </Button>
          {nothing ? null : (
            <Button variant="secondary" onClick={onErase} className="text-red-700 dark:text-red-400">
              <Trash2 className="size-4" aria-hidden="true" />
              Erase…
            </Button>
          )}
        </div>
      </div>
      {nothing ? null : (
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label="Waitlist">
            {waitlist
              ? `#${waitlist.position}, ${waitlist.firstName}, joined ${formatAdminDate(waitlist.joinedAt)}${waitlist.confirmedAt ? ', confirmed' : ', not confirmed'}${waitlist.admittedAt ? `, admitted ${formatAdminDate(waitlist.admittedAt)}` : ''}`
              : 'Not on the waitlist'}
          </Fact>
          <Fact label="Referrals">
            {waitlist
              ? `${waitlist.referrals.credited} credited, ${waitlist.referrals.pending} pending, ${waitlist.referrals.flagged} held for review, ${waitlist.referrals.rejected} rejected`
              : '—'}
          </Fact>
          <Fact label="Messages to us">{plural(person.contactMessages.length, 'message')}</Fact>
          <Fact label="Shot analyses">{plural(person.shots.length, 'claimed shot')}</Fact>
          <Fact label="Coach chats">{plural(person.chatMessages.length, 'message')}</Fact>
          <Fact label="Early-access codes">
            {person.earlyAccessCodes.length === 0 ? 'None' : person.earlyAccessCodes.map((c) => `${c.code}${c.isUsed ? ' (used)' : ''}`).join(', ')}
          </Fact>
          <Fact label="Emails">{plural(person.emails.length, 'email')}</Fact>
          <Fact label="Privacy requests">{plural(person.privacyRequests.length, 'request')}</Fact>
          <Fact label="Marketing email">
            {consent.suppressed ? (
              <Badge tone="danger">Suppressed: {consent.suppressedReason}</Badge>
            ) : consent.unsubscribedAt ? (
              <Badge tone="warning">Unsubscribed {formatAdminDate(consent.unsubscribedAt)}</Badge>
            ) : consent.marketing ? (
              <Badge tone="success">Opted in</Badge>
            ) : (
              <Badge>Not opted in</Badge>
            )}
          </Fact>
        </dl>
      )}
    </Panel>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-foreground wrap-break-word">{children}</dd>
    </div>
  );
}
