import type { ShotKind } from '../types';

// The words that differ between the two flows (spec §2 "Event form and shot form",
// "Feedback pages"). `{product}` is the brand.

export interface FlowCopy {
  formTitle: string;
  formEyebrow: string;
  formIntro: string;
  earlyAccessNote: string;
  feedbackSubtitle: string;
}

export const FLOW_COPY: Record<ShotKind, FlowCopy> = {
  hbf: {
    formTitle: 'Helsinki Basketball Festival',
    formEyebrow: 'Your festival shot',
    formIntro:
      'Thanks for shooting with us at the booth! Enter your first name and email to see the analysis of your shot and talk it through with {product}, your AI shooting coach.',
    earlyAccessNote: 'Festival players get early access to the {product} app: you join the waitlist as a player and we email you when it opens.',
    feedbackSubtitle: 'Helsinki Basketball Festival',
  },
  shot: {
    formTitle: 'AI Shot Analysis',
    formEyebrow: 'Your shot is analysed',
    formIntro:
      'Our AI has broken down your shot: form, release and follow-through. Enter your first name and email to unlock your analysis and ask {product}, your AI shooting coach, how to improve it.',
    earlyAccessNote: 'You also get early access to the {product} app: you join the waitlist as a player and we email you when it opens.',
    feedbackSubtitle: 'AI-Powered Basketball Coaching',
  },
};
