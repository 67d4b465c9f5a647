import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { withBrand } from '@/lib/brand';
import { useShotFeedback } from '../hooks/use-shot-feedback';
import { FLOW_COPY } from '../lib/flow-copy';
import type { ShotFeedback, ShotKind } from '../types';
import { AnalysisView } from './analysis-view';
import { FeedbackError, FeedbackLoading } from './feedback-states';

// /hbf-feedback/{code} and /shot-feedback/{code} (spec §2 "Feedback pages"): the analysis and
// the coach chat. On a phone the chat fills the screen, with the heading and the analysis at the
// top of the conversation; from 768 px (spec §9) the analysis sits beside (or above) a card
// holding the waitlist note and the chat. The layout is CSS only, so turning a device across the
// breakpoint keeps the conversation. The chat comes from the chat feature through `renderChat`
// (app/ composes the two features).

export interface ChatSlot {
  kind: ShotKind;
  code: string;
  firstName: string | null;
  feedback: ShotFeedback;
  /** The analysis's first focus in its own words (the chat's greeting names it). */
  firstFocus: string | null;
  /** Opens the shot's chat (the claimer's token). */
  claimToken: string | null;
  /** The claimer's referral code: sharing the analysis invites a friend to the waitlist. */
  referralCode: string | null;
  /** Shown at the top of the conversation on phones only (the heading and the analysis). */
  intro: ReactNode;
}

function Heading({ kind, className }: { kind: ShotKind; className?: string }) {
  return (
    <div className={className}>
      <h1 className="font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">Your Shot Analysis</h1>
      <p className="mt-1 font-medium text-brand">{FLOW_COPY[kind].feedbackSubtitle}</p>
    </div>
  );
}

export function FeedbackScreen({ kind, renderChat }: { kind: ShotKind; renderChat: (slot: ChatSlot) => ReactNode }) {
  const { code = '' } = useParams();
  const state = useShotFeedback(kind, code);

  if (state.status === 'loading') return <FeedbackLoading slow={state.slow} />;
  if (state.status === 'error') return <FeedbackError message={state.message} />;

  const intro = (
    <div className="border-b border-border px-4 py-5 md:hidden">
      <Heading kind={kind} className="mb-5" />
      <AnalysisView feedback={state.feedback} reading={state.reading} />
    </div>
  );

  return (
    <div className="md:min-h-dvh md:bg-surface">
      <div className="md:mx-auto md:max-w-6xl md:px-6 md:py-8 lg:py-12">
        <div className="hidden md:block">
          <BrandLogo />
          <Heading kind={kind} className="mt-8" />
        </div>
        <div className="md:mt-8 md:grid md:items-start md:gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-8">
          <section aria-labelledby="analysis-heading" className="hidden rounded-3xl border border-border bg-elevated p-6 md:block">
            <h2 id="analysis-heading" className="mb-4 font-display text-xl font-bold">
              {state.firstName ? `${state.firstName}'s shot` : 'Your shot'}
            </h2>
            <AnalysisView feedback={state.feedback} reading={state.reading} />
          </section>
          <div className="flex h-dvh flex-col md:h-auto md:gap-4 md:rounded-3xl md:border md:border-border md:bg-elevated md:p-5 md:shadow-[0_24px_60px_-28px_rgb(var(--shadow)/0.45)] lg:sticky lg:top-8">
            <p className="hidden items-start gap-2.5 rounded-xl bg-accent-soft px-3.5 py-3 text-sm text-pretty text-foreground md:flex">
              <MailCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{withBrand("You've been added to the waitlist. We'll notify you when {product} launches.")}</span>
            </p>
            <div className="min-h-0 flex-1 md:flex-none">
              {renderChat({
                kind,
                code,
                firstName: state.firstName,
                feedback: state.feedback,
                firstFocus: state.reading?.priorities[0]?.text ?? null,
                claimToken: state.claimToken,
                referralCode: state.referralCode,
                intro,
              })}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
