import { LockKeyhole, Rocket, Sparkles } from 'lucide-react';
import { useLocation, useParams } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { withBrand } from '@/lib/brand';
import { ShotClaimForm } from '../components/shot-claim-form';
import { FLOW_COPY } from '../lib/flow-copy';
import type { ClaimRequiredState } from '../hooks/use-shot-feedback';
import type { ShotKind } from '../types';

// /hbf/{code} and /shot/{code} (spec §2 "Event form and shot form"): first name and email,
// then the analysis. No header or footer (the funnel layout).

export default function ShotFormPage({ kind }: { kind: ShotKind }) {
  const { code = '' } = useParams();
  const copy = FLOW_COPY[kind];
  // Sent here from the analysis, which opens only with its claimer's link.
  const claimRequired = (useLocation().state as ClaimRequiredState | null)?.claimRequired === true;

  return (
    <div className="relative flex min-h-dvh flex-col items-center overflow-hidden bg-surface px-4 py-8 sm:justify-center sm:px-6 sm:py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgb(249_115_22/0.18),transparent)]"
      />
      <div className="relative w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <BrandLogo />
        </div>
        <div className="rounded-3xl border border-border bg-elevated p-6 shadow-[0_24px_60px_-28px_rgb(var(--shadow)/0.5)] sm:p-8">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold tracking-wide text-brand uppercase">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {copy.formEyebrow}
          </p>
          <h1 className="mt-4 font-display text-3xl font-extrabold tracking-tight text-balance">{copy.formTitle}</h1>
          <p className="mt-3 mb-6 text-pretty text-muted">{withBrand(copy.formIntro)}</p>
          {claimRequired && (
            <p role="status" className="mb-6 flex items-start gap-2.5 rounded-xl bg-brand-soft px-3.5 py-3 text-sm text-pretty text-foreground">
              <LockKeyhole className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
              <span>This shot analysis has been claimed. If it's yours, enter the email you used and we'll send you the link to it.</span>
            </p>
          )}
          <ShotClaimForm kind={kind} code={code} />
          <p className="mt-5 flex items-start gap-2.5 rounded-xl bg-surface px-3.5 py-3 text-sm text-pretty text-muted">
            <Rocket className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <span>{withBrand(copy.earlyAccessNote)}</span>
          </p>
        </div>
      </div>
    </div>
  );
}
