import { DoorOpen, MailPlus, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useAdmitNow, useMember, useResendConfirmation, type MemberView } from '../api/waitlist';
import { MemberStatusBadges } from './member-status-badge';
import { ReferralReviewButtons } from './referral-review-buttons';

type Attribution = MemberView['attribution'];

/** The join's own source: the download page's tag, the utm values it came with. */
function joinedFrom(attribution: Attribution): string | null {
  if (!attribution) return null;
  const parts = [attribution.sourceTag && `tag ${attribution.sourceTag}`, attribution.utmSource, attribution.utmCampaign];
  return parts.filter(Boolean).join(' · ') || null;
}

/** The visit's first page (first touch): where it linked from, its campaign, the page. */
function firstVisit(attribution: Attribution): string | null {
  const touch = attribution?.firstTouch;
  if (!touch) return null;
  const parts = [touch.utmSource, touch.utmCampaign, touch.referrer && `from ${touch.referrer}`, touch.page];
  return parts.filter(Boolean).join(' · ') || null;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 wrap-break-word text-foreground">{children ?? '—'}</dd>
    </div>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return <h3 className="mt-6 mb-2 font-semibold text-foreground">{children}</h3>;
}

/**
 * Erasing a person by address: the privacy area's (useErasePerson), handed in by the page that
 * composes the two areas (app/pages/admin-waitlist-page.tsx).
 */
export interface EraseByEmail {
  isPending: boolean;
  mutate: (email: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * One member, opened from the list: position, status, dates, source and creator code; who
 * referred them and whom they referred; the emails sent to them; their early-access code; and
 * what staff can do: send the confirmation again, let them in now, erase them (after a confirmation).
 * A role that only reads the waitlist (`manage` false) sees the member without those actions;
 * erasing shows only when the role may erase (`erase` given).
 */
export function MemberDialog({
  id,
  onOpen,
  onClose,
  manage,
  erase,
}: {
  id: string | null;
  /** Opens another member's view (their referrer, a friend) in place of this one. */
  onOpen: (memberId: string) => void;
  onClose: () => void;
  manage: boolean;
  erase: EraseByEmail | null;
}) {
  const domId = useId();
  // After "Resend confirmation": how many emails they had, until the new one shows.
  const [emailsBefore, setEmailsBefore] = useState<number | null>(null);
  useEffect(() => setEmailsBefore(null), [id]);
  const member = useMember(id, emailsBefore);
  const resend = useResendConfirmation();
  const admit = useAdmitNow();
  const queryClient = useQueryClient();
  const [confirmErase, setConfirmErase] = useState(false);
  const view = member.data;
  const m = view?.member;

  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={m ? `${m.firstName} · #${m.position.toLocaleString('en-US')}` : 'Member'}
      description={m?.email}
      size="lg"
    >
      {member.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner /> Loading the member…
        </p>
      ) : member.isError || !view || !m ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {errorMessage(member.error, 'This member could not be loaded.')}
        </p>
      ) : (
        <div className="overflow-y-auto">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Fact label="Status">
              <span className="flex flex-wrap gap-1">
                <MemberStatusBadges member={m} />
                {m.disposableEmail ? <Badge tone="warning">Disposable email</Badge> : null}
              </span>
            </Fact>
            <Fact label="Position">{m.position.toLocaleString('en-US')}</Fact>
            <Fact label="Referral code">
              <span className="font-mono">{m.referralCode}</span>
            </Fact>
            <Fact label="Joined">{formatAdminDateTime(m.createdAt)}</Fact>
            <Fact label="Confirmed">{formatAdminDateTime(m.confirmedAt)}</Fact>
            <Fact label="Admitted">{formatAdminDateTime(m.admittedAt)}</Fact>
            <Fact label="Source">{m.source}</Fact>
            <Fact label="Creator code">{m.creatorCode}</Fact>
            <Fact label="Joined from">{joinedFrom(view.attribution)}</Fact>
            <Fact label="First visit">{firstVisit(view.attribution)}</Fact>
            <Fact label="Early-access code">
              {view.earlyAccessCode ? (
                <span className="font-mono">
                  {view.earlyAccessCode.code} {view.earlyAccessCode.used ? <Badge tone="success">Redeemed</Badge> : null}
                </span>
              ) : null}
            </Fact>
          </dl>

          <Heading>Referrals</Heading>
          <p className="text-sm text-muted">
            {view.referredBy ? (
              <>
                Referred by <MemberLink id={view.referredBy.id} name={view.referredBy.firstName} onOpen={onOpen} /> ({view.referredBy.referralCode}).{' '}
              </>
            ) : (
              'Not referred by anyone. '
            )}
            Friends they referred: {view.referrals.credited} credited, {view.referrals.pending} pending, {view.referrals.flagged} held for review
            {view.referrals.rejected ? `, ${view.referrals.rejected} rejected` : ''}.
          </p>
          {m.referralHeld && view.referredBy ? (
            <div role="note" className="mt-3 rounded-xl border border-border bg-surface p-3 text-sm">
              <p className="text-foreground">
                <strong>Their own referral is held for review.</strong> More sign-ups than usual came through {view.referredBy.firstName}'s link from one
                network in a short time, a pattern of made-up sign-ups, so it does not count for {view.referredBy.firstName} until you decide. Credit it if you
                know {m.firstName} is real; reject it otherwise.
              </p>
              {manage ? (
                <div className="mt-2">
                  <ReferralReviewButtons member={m} />
                </div>
              ) : null}
            </div>
          ) : null}
          {view.referrals.friends.length > 0 ? (
            <ul className="mt-2 space-y-1 text-sm">
              {view.referrals.friends.map((friend) => (
                <li key={friend.id} className="flex justify-between gap-3">
                  <MemberLink id={friend.id} name={friend.firstName} onOpen={onOpen} />
                  <span className="text-muted">
                    {friend.referral} · {formatAdminDateTime(friend.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}

          <Heading>Milestones reached</Heading>
          {view.milestonesReached.length === 0 ? (
            <p className="text-sm text-muted">No referral milestone yet.</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="member-milestones">
              {view.milestonesReached.map((milestone) => (
                <li key={milestone.referrals} className="flex flex-col justify-between gap-x-3 sm:flex-row">
                  <span>
                    {milestone.referrals.toLocaleString('en-US')} {milestone.referrals === 1 ? 'friend' : 'friends'}:{' '}
                    {milestone.reward === 'early_access' ? 'early-access code' : 'thank-you email'}
                  </span>
                  <span className="shrink-0 text-muted">{formatAdminDateTime(milestone.reachedAt)}</span>
                </li>
              ))}
            </ul>
          )}

          <Heading>Emails sent</Heading>
          {view.emails.length === 0 ? (
            <p className="text-sm text-muted">No emails yet.</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {view.emails.map((email) => (
                <li key={email.id} className="flex flex-col justify-between gap-x-3 sm:flex-row">
                  <span className="min-w-0 wrap-break-word">{email.subject}</span>
                  <span className="shrink-0 text-muted">
                    {email.status} · {formatAdminDateTime(email.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}

          {manage || erase ? (
            <div className="mt-6 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:flex-wrap">
              {manage && !m.confirmedAt ? (
                <span className="flex flex-col gap-1">
                  <Button
                    variant="secondary"
                    disabled={resend.isPending || view.confirmationAgainAt !== null}
                    aria-describedby={view.confirmationAgainAt ? `${domId}-again` : undefined}
                    onClick={() =>
                      resend.mutate(m.id, {
                        onSuccess: () => {
                          setEmailsBefore(view.emails.length);
                          notify.success('Confirmation sent again', m.email);
                        },
                        onError: (e) => notify.error('Not sent', errorMessage(e)),
                      })
                    }
                  >
                    {resend.isPending ? <Spinner /> : <MailPlus className="size-4" aria-hidden="true" />}
                    Resend confirmation
                  </Button>
                  {view.confirmationAgainAt ? (
                    <span id={`${domId}-again`} className="text-xs text-muted">
                      Sent less than a day ago: again from {formatAdminDateTime(view.confirmationAgainAt)}
                    </span>
                  ) : null}
                </span>
              ) : null}
              {manage && m.confirmedAt && !m.admittedAt ? (
                <Button
                  variant="secondary"
                  disabled={admit.isPending}
                  onClick={() =>
                    admit.mutate(m.id, {
                      onSuccess: () => notify.success('Member let in', `${m.firstName} gets their code and invite.`),
                      onError: (e) => notify.error('Not let in', errorMessage(e)),
                    })
                  }
                >
                  {admit.isPending ? <Spinner /> : <DoorOpen className="size-4" aria-hidden="true" />}
                  Admit now
                </Button>
              ) : null}
              {erase ? (
                <Button variant="secondary" className="text-red-700 sm:ml-auto dark:text-red-300" onClick={() => setConfirmErase(true)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  Erase
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      )}
      <ConfirmDialog
        open={confirmErase}
        onOpenChange={setConfirmErase}
        title={`Erase ${m?.firstName ?? 'this member'}?`}
        description={`Everything we hold about ${m?.email ?? 'them'} is deleted: their place on the list, emails, codes and requests. This cannot be undone.`}
        confirmLabel="Erase"
        busy={erase?.isPending ?? false}
        onConfirm={() =>
          m &&
          erase?.mutate(m.email, {
            onSuccess: () => {
              setConfirmErase(false);
              void queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] });
              notify.success('Member erased', 'Nothing readable about them is left.');
              onClose();
            },
            onError: (e) => notify.error('Not erased', errorMessage(e)),
          })
        }
      />
    </Dialog>
  );
}

/** Another member's name that opens their view. */
function MemberLink({ id, name, onOpen }: { id: string; name: string; onOpen: (memberId: string) => void }) {
  return (
    <button
      type="button"
      className="font-medium text-foreground underline underline-offset-2 hover:text-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      aria-label={`View ${name}`}
      onClick={() => onOpen(id)}
    >
      {name}
    </button>
  );
}
