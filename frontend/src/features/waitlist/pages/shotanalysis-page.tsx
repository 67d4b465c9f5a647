import { ArrowRight, CircleCheck, Pause, Play, RotateCw, Users } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { withBrand } from '@/lib/brand';
import { prefersReducedMotion } from '@/lib/motion';
import { useConfirmWaitlist } from '../api/confirm-waitlist';
import { useWaitlistStatus } from '../api/waitlist-status';
import { BackgroundVideo, toggleVideo } from '../components/background-video';
import { BottomPanel } from '../components/bottom-panel';
import { WaitlistSignup } from '../components/waitlist-form';
import { WaitlistStatusDetails } from '../components/waitlist-status-details';
import { useForcedLightTheme } from '../hooks/use-forced-light-theme';
import { withQueryClient } from '@/lib/query-client';

// /shotanalysis (spec §2 "Waitlist landing", §4, §9): a full-screen background video; after
// 4 s a bottom panel slides up with the waitlist form. The same panel serves the links of the
// welcome email, right away: ?confirm=TOKEN (double opt-in, then the member's status) and
// ?status=CODE ("check your position"). ?ref=CODE is a friend's referral link: the code is
// sent with the sign-up.

/** Spec §9: the panel appears after 4000 ms. */
export const PANEL_DELAY_MS = 4000;

type View = { kind: 'join'; referrerCode: string | null } | { kind: 'confirm'; token: string } | { kind: 'status'; code: string };

function param(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function useView(): [View, () => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = param(searchParams.get('confirm'));
  const code = param(searchParams.get('status'));
  const view: View = token
    ? { kind: 'confirm', token }
    : code
      ? { kind: 'status', code }
      : { kind: 'join', referrerCode: param(searchParams.get('ref')) };
  const showJoinForm = () => setSearchParams({}, { replace: true });
  return [view, showJoinForm];
}

function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-muted">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-border border-t-brand-solid" />
      <span>{label}</span>
    </div>
  );
}

function ProblemState({
  title,
  message,
  onJoin,
  onRetry,
}: {
  title: string;
  message: string;
  onJoin: () => void;
  onRetry?: () => void;
}) {
  return (
    <div data-testid="waitlist-problem">
      <h2 className="font-display text-xl font-extrabold tracking-tight text-balance text-foreground">{title}</h2>
      <p className="mt-2 text-pretty text-muted">{message}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="sm:flex-1" onClick={onJoin}>
          Join the waitlist
          <ArrowRight className="size-5" aria-hidden="true" />
        </Button>
        {onRetry ? (
          <Button variant="secondary" size="lg" className="sm:flex-1" onClick={onRetry}>
            <RotateCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ConfirmView({ token, onJoin }: { token: string; onJoin: () => void }) {
  const confirm = useConfirmWaitlist(token);
  if (confirm.isPending) return <LoadingState label="Confirming your email…" />;
  if (confirm.isError) {
    return (
      <ProblemState
        title="We couldn't confirm your email"
        message={errorMessage(confirm.error, 'This confirmation link is not valid. Please use the link in your latest email.')}
        onJoin={onJoin}
      />
    );
  }
  return (
    <>
      <p
        data-testid="confirmed-banner"
        className="mb-5 flex items-center gap-2.5 rounded-xl border border-[#16a34a]/30 bg-[#16a34a]/10 px-3.5 py-3 text-sm font-semibold text-[#166534]"
      >
        <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
        Your email is confirmed. Your spot is locked in!
      </p>
      <WaitlistStatusDetails status={confirm.data} />
    </>
  );
}

function StatusView({ code, onJoin }: { code: string; onJoin: () => void }) {
  const status = useWaitlistStatus(code);
  if (status.isPending) return <LoadingState label="Looking up your spot…" />;
  if (status.isError) {
    if (status.error instanceof ApiError && status.error.status === 404) {
      return (
        <ProblemState
          title="We could not find that referral code."
          message="Check the link in your welcome email, or join the waitlist now: it only takes a few seconds."
          onJoin={onJoin}
        />
      );
    }
    return (
      <ProblemState
        title="We couldn't load your spot"
        message={errorMessage(status.error)}
        onJoin={onJoin}
        onRetry={() => void status.refetch()}
      />
    );
  }
  return <WaitlistStatusDetails status={status.data} />;
}

function JoinIntro({ referred }: { referred: boolean }) {
  return (
    <div className="mb-5">
      {referred ? (
        <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent">
          <Users className="size-3.5" aria-hidden="true" />
          A friend invited you
        </p>
      ) : null}
      <p className="text-pretty text-muted">
        Be among the world's first to train with your AI shooting coach. Early-access members use the app free during
        the private launch.
      </p>
    </div>
  );
}

function PanelContent({ view, onJoin }: { view: View; onJoin: () => void }) {
  switch (view.kind) {
    case 'confirm':
      return (
        <div aria-live="polite">
          <ConfirmView token={view.token} onJoin={onJoin} />
        </div>
      );
    case 'status':
      return (
        <div aria-live="polite">
          <StatusView code={view.code} onJoin={onJoin} />
        </div>
      );
    default:
      return (
        <WaitlistSignup
          compact
          referrerCode={view.referrerCode}
          intro={<JoinIntro referred={view.referrerCode !== null} />}
          footnote={
            <p className="mt-3 text-center text-xs text-pretty text-muted">
              By joining you agree to our{' '}
              <Link to="/privacy-policy" className="font-medium text-foreground underline underline-offset-2 hover:text-brand">
                Privacy Policy
              </Link>
              .
            </p>
          }
        />
      );
  }
}

function VideoToggle({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  const label = playing ? 'Pause background video' : 'Play background video';
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      title={label}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-border text-muted transition-colors hover:bg-surface hover:text-foreground sm:size-10"
    >
      {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
    </button>
  );
}

function panelTitle(view: View): ReactNode {
  return view.kind === 'join' ? withBrand('Join the {product} waitlist') : withBrand('Your {product} waitlist');
}

function ShotAnalysisPage() {
  useForcedLightTheme();
  const [view, showJoinForm] = useView();
  const immediate = view.kind !== 'join';
  const [delayOver, setDelayOver] = useState(false);
  // Once shown (after the delay, or at once for the email links) the panel stays.
  const [shownEarly, setShownEarly] = useState(immediate);
  if (immediate && !shownEarly) setShownEarly(true);

  useEffect(() => {
    const timer = window.setTimeout(() => setDelayOver(true), PANEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const panelVisible = delayOver || shownEarly;
  // Visitors who prefer reduced motion start on the poster; everyone can pause or play.
  const videoRef = useRef<HTMLVideoElement>(null);
  const [autoPlay] = useState(() => !prefersReducedMotion());
  const [videoPlaying, setVideoPlaying] = useState(false);

  return (
    <div className="relative h-dvh min-h-[32rem] overflow-hidden bg-[#0b0f19]">
      <BackgroundVideo videoRef={videoRef} autoPlay={autoPlay} onPlayingChange={setVideoPlaying} />
      {panelVisible ? (
        <BottomPanel
          title={panelTitle(view)}
          actions={<VideoToggle playing={videoPlaying} onToggle={() => toggleVideo(videoRef.current)} />}
        >
          <PanelContent key={view.kind} view={view} onJoin={showJoinForm} />
        </BottomPanel>
      ) : null}
    </div>
  );
}

export default withQueryClient(ShotAnalysisPage);
