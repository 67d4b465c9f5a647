import { Pause, Play, Users } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import { withBrand } from '@/lib/brand';
import { prefersReducedMotion } from '@/lib/motion';
import { BackgroundVideo, toggleVideo } from '../components/background-video';
import { BottomPanel } from '../components/bottom-panel';
import { ConfirmView, StatusView } from '../components/member-views';
import { WaitlistSignup } from '../components/waitlist-form';
import { useReferralLink } from '../api/join-waitlist';
import { useForcedLightTheme } from '../hooks/use-forced-light-theme';
import { withQueryClient } from '@/lib/query-client';

// /shotanalysis (spec §2 "Waitlist landing", §4, §9): a full-screen background video; after
// 4 s a bottom panel slides up with the waitlist form. The same panel serves the links of the
// welcome email, right away: ?confirm=TOKEN (double opt-in, then the member's status) and
// ?status=TOKEN ("check your position", a signed token; an old link with the referral code
// offers a fresh link by email). ?ref=CODE is a friend's referral link: its visitor came to
// join, so the form is there at once too, and the code is sent with the sign-up.

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
  const view: View = token ? { kind: 'confirm', token } : code ? { kind: 'status', code } : { kind: 'join', referrerCode: param(searchParams.get('ref')) };
  const showJoinForm = () => setSearchParams({}, { replace: true });
  return [view, showJoinForm];
}

function JoinIntro({ referrerCode }: { referrerCode: string | null }) {
  const referral = useReferralLink(referrerCode);
  return (
    <div className="mb-5">
      {referral.data?.valid ? (
        <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold text-accent">
          <Users className="size-3.5" aria-hidden="true" />A friend invited you
        </p>
      ) : null}
      <p className="text-pretty text-muted">
        Be among the world's first to train with your AI shooting coach. Early-access members use the app free during the private launch.
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
          intro={<JoinIntro referrerCode={view.referrerCode} />}
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
    <LazyTooltip label={label}>
      <button
        type="button"
        onClick={onToggle}
        aria-label={label}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-border text-muted transition-colors hover:bg-surface hover:text-foreground sm:size-10"
      >
        {playing ? <Pause className="size-4" aria-hidden="true" /> : <Play className="size-4" aria-hidden="true" />}
      </button>
    </LazyTooltip>
  );
}

function panelTitle(view: View): ReactNode {
  return view.kind === 'join' ? withBrand('Join the {product} waitlist') : withBrand('Your {product} waitlist');
}

function ShotAnalysisPage() {
  useForcedLightTheme();
  const [view, showJoinForm] = useView();
  const immediate = view.kind !== 'join' || view.referrerCode !== null;
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
        <BottomPanel title={panelTitle(view)} actions={<VideoToggle playing={videoPlaying} onToggle={() => toggleVideo(videoRef.current)} />}>
          <PanelContent key={view.kind} view={view} onJoin={showJoinForm} />
        </BottomPanel>
      ) : null}
    </div>
  );
}

export default withQueryClient(ShotAnalysisPage);
