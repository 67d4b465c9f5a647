import { clsx } from 'clsx';
import { Activity, Crosshair, Hand, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AnalysisReading, ShotFeedback } from '../types';

// The analysis itself (spec §3 "Shot feedback"): the rating out of 10 (§9), form, release,
// follow-through and numbered tips; or, for a text analysis, its paragraphs.

function ratingLabel(rating: number): string {
  return `${Math.round(rating * 10) / 10}/10`;
}

function Rating({ rating }: { rating: number }) {
  const share = Math.max(0, Math.min(10, rating)) / 10;
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-brand-soft px-4 py-3.5" data-testid="shot-rating">
      <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-solid text-on-brand">
        <Target className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-muted">Shot rating</p>
        <p className="font-display text-3xl leading-tight font-extrabold text-foreground">
          {ratingLabel(rating)}
          <span className="sr-only"> (out of 10)</span>
        </p>
        <div aria-hidden="true" className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-background/70">
          <div className="h-full rounded-full bg-brand-solid" style={{ width: `${share * 100}%` }} />
        </div>
      </div>
    </div>
  );
}

function Aspect({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="rounded-2xl border border-border p-4">
      <h3 className="flex items-center gap-2 font-display text-base font-bold">
        <span aria-hidden="true" className="text-accent">
          {icon}
        </span>
        {title}
      </h3>
      <p className="mt-1.5 text-[0.95rem] leading-relaxed text-pretty text-muted">{text}</p>
    </div>
  );
}

const AREA_LABELS: Record<AnalysisReading['areas'][number]['area'], string> = {
  elbow: 'Elbow',
  release: 'Release',
  arc: 'Arc',
  followThrough: 'Follow-through',
  balance: 'Balance',
};

const JUDGEMENT_STYLES: Record<AnalysisReading['areas'][number]['judgement'], string> = {
  good: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  average: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  'needs work': 'bg-rose-500/15 text-rose-800 dark:text-rose-300',
};

/** The first focus and each area's judgement: the same reading the coach answers from. */
function Reading({ reading }: { reading: AnalysisReading }) {
  const first = reading.priorities[0];
  return (
    <div className="rounded-2xl border border-border p-4" data-testid="analysis-reading">
      {first ? (
        <>
          <h3 className="font-display text-base font-bold">First focus{first.area ? `: ${AREA_LABELS[first.area]}` : ''}</h3>
          <p className="mt-1.5 text-[0.95rem] leading-relaxed text-pretty text-muted">{first.text}</p>
        </>
      ) : (
        <h3 className="font-display text-base font-bold">Nothing to fix: keep it sharp at game speed</h3>
      )}
      {reading.areas.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="How each area was judged">
          {reading.areas.map((a) => (
            <li key={a.area} className={clsx('rounded-full px-2.5 py-1 text-xs font-semibold', JUDGEMENT_STYLES[a.judgement])}>
              {AREA_LABELS[a.area]}: {a.judgement}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function AnalysisView({ feedback, reading, className }: { feedback: ShotFeedback; reading: AnalysisReading | null; className?: string }) {
  const aspects = [
    { title: 'Form', text: feedback.form, icon: <Activity className="size-4" /> },
    { title: 'Release', text: feedback.release, icon: <Hand className="size-4" /> },
    { title: 'Follow-through', text: feedback.followThrough, icon: <Crosshair className="size-4" /> },
  ];

  return (
    <div className={clsx('flex flex-col gap-3', className)} data-testid="shot-analysis">
      {feedback.shotRating !== null ? <Rating rating={feedback.shotRating} /> : null}
      {reading ? <Reading reading={reading} /> : null}
      {aspects.map((aspect) => (aspect.text ? <Aspect key={aspect.title} icon={aspect.icon} title={aspect.title} text={aspect.text} /> : null))}
      {feedback.summary ? (
        <div className="rounded-2xl border border-border p-4 text-[0.95rem] leading-relaxed text-pretty">
          {feedback.summary
            .split(/\n{2,}/)
            .filter((paragraph) => paragraph.trim())
            .map((paragraph, index) => (
              <p key={index} className={clsx('whitespace-pre-line', index > 0 && 'mt-3')}>
                {paragraph.trim()}
              </p>
            ))}
        </div>
      ) : null}
      {feedback.tips.length ? (
        <div className="rounded-2xl border border-border p-4">
          <h3 className="font-display text-base font-bold">Tips to improve</h3>
          <ol className="mt-3 flex flex-col gap-2.5" data-testid="shot-tips">
            {feedback.tips.map((tip, index) => (
              <li key={index} className="flex gap-3 text-[0.95rem] leading-relaxed">
                <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-bold text-accent">
                  {index + 1}
                </span>
                <span className="text-pretty">{tip}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
