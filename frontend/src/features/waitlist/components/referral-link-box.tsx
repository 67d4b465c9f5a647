import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';

/** Spec §9: the copy button reads 'Copied!' for 3000 ms. */
export const COPIED_STATE_MS = 3000;

/** Spec §7 "Referral link format": {origin}/shotanalysis?ref={referralCode}. */
export function referralLinkFor(referralCode: string): string {
  return `${window.location.origin}/shotanalysis?ref=${encodeURIComponent(referralCode)}`;
}

/**
 * The member's referral link, shown in a read-only field (so it can always be selected and
 * copied by hand), and the 'Copy Referral Link' button (spec §2, §8 copy toasts, §9).
 */
export function ReferralLinkBox({ link, className }: { link: string; className?: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await copyText(link);
    } catch (error) {
      console.warn('Could not copy the referral link:', error);
      notify.error('Copy Failed', 'Please try again or manually copy the link.');
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_STATE_MS);
    notify.success('Link Copied!', 'Share it with friends to move up the waitlist.');
  }

  return (
    <div className={clsx('space-y-2', className)}>
      <label htmlFor={`${id}-link`} className="block text-sm font-medium text-foreground">
        Your referral link
      </label>
      <input
        id={`${id}-link`}
        type="text"
        readOnly
        value={link}
        data-testid="referral-link"
        onFocus={(event) => event.currentTarget.select()}
        className="h-11 w-full truncate rounded-xl border border-border bg-surface px-3.5 font-mono text-sm text-foreground"
      />
      <Button variant="primary" size="lg" className="w-full" onClick={copy}>
        {copied ? <Check className="size-5" aria-hidden="true" /> : <Copy className="size-5" aria-hidden="true" />}
        {copied ? 'Copied!' : 'Copy Referral Link'}
      </Button>
    </div>
  );
}
