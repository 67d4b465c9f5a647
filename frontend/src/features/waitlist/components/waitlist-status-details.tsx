import { Gift, MailWarning, PartyPopper, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WaitlistStatus } from '../api/waitlist-status';
import { ReferralLinkBox, referralLinkFor } from './referral-link-box';

function Stat({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-border bg-surface px-4 py-3">
      <dt className="flex items-center gap-1.5 text-sm font-medium text-muted">
        {icon}
        {label}
      </dt>
      <dd data-testid={testId} className="mt-1 font-display text-3xl font-extrabold tracking-tight text-foreground">
        {value}
      </dd>
    </div>
  );
}

/** "1 more friend to early access", "2 more friends to a thank-you": the way to the member's next referral milestone. */
export function nextMilestoneText(next: NonNullable<WaitlistStatus['nextMilestone']>): string {
  const friends = `${next.remaining.toLocaleString('en-US')} more ${next.remaining === 1 ? 'friend' : 'friends'}`;
  return `${friends} to ${next.reward === 'early_access' ? 'early access' : 'a thank-you'}`;
}

function NextMilestone({ status }: { status: WaitlistStatus }) {
  const next = status.nextMilestone;
  // Once in, early access is no longer something to bring friends for.
  if (!next || (status.admitted && next.reward === 'early_access')) return null;
  return (
    <p
      data-testid="status-next-milestone"
      className="mt-4 flex items-start gap-2.5 rounded-xl border border-border px-3.5 py-3 text-sm text-pretty text-foreground"
    >
      <Gift className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
      <span>
        <strong>{nextMilestoneText(next)}</strong>: friends count once they confirm their email.
      </span>
    </p>
  );
}

/**
 * "Check your position": the member's place, confirmed referrals and referral link. Once they
 * are let in there is no place to climb: the page says they are in and where their code went.
 */
export function WaitlistStatusDetails({ status }: { status: WaitlistStatus }) {
  const position = `#${status.waitlistPosition.toLocaleString('en-US')}`;
  if (status.admitted) {
    return (
      <div data-testid="waitlist-status">
        <h2 className="font-display text-2xl font-extrabold tracking-tight text-balance text-foreground">
          {status.firstName ? `${status.firstName}, you're in!` : "You're in!"}
        </h2>
        <p role="status" className="mt-4 flex items-start gap-2.5 rounded-xl bg-brand-soft px-3.5 py-3 text-sm text-pretty text-foreground">
          <PartyPopper className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            Your early-access invite with your personal code is in your inbox. Not there? Look in your spam or promotions folder: it comes from the same address
            as this email.
          </span>
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          <Stat
            icon={<Users className="size-3.5" aria-hidden="true" />}
            label="Friends joined"
            value={status.referrals.toLocaleString('en-US')}
            testId="status-referrals"
          />
        </dl>
        <NextMilestone status={status} />
        <p className="mt-4 text-sm text-pretty text-muted">Friends who join through your link get their place on the waitlist too.</p>
        <ReferralLinkBox link={referralLinkFor(status.referralCode)} className="mt-4" />
      </div>
    );
  }
  return (
    <div data-testid="waitlist-status">
      <h2 className="font-display text-2xl font-extrabold tracking-tight text-balance text-foreground">
        {status.firstName ? `${status.firstName}, you're ${position}` : `You're ${position}`} on the waitlist
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Stat icon={<Trophy className="size-3.5" aria-hidden="true" />} label="Position" value={position} testId="status-position" />
        <Stat
          icon={<Users className="size-3.5" aria-hidden="true" />}
          label="Friends joined"
          value={status.referrals.toLocaleString('en-US')}
          testId="status-referrals"
        />
      </dl>
      {status.confirmed ? null : (
        <p className="mt-4 flex items-start gap-2.5 rounded-xl bg-brand-soft px-3.5 py-3 text-sm text-pretty text-foreground">
          <MailWarning className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
          <span>
            Your email is not confirmed yet. Open the welcome email and tap <strong>Confirm my email</strong> to lock in your spot and count your friends'
            invites.
          </span>
        </p>
      )}
      <NextMilestone status={status} />
      <p className="mt-4 text-sm text-pretty text-muted">Every friend who joins through your link and confirms their email moves you up the list.</p>
      <ReferralLinkBox link={referralLinkFor(status.referralCode)} className="mt-4" />
    </div>
  );
}
