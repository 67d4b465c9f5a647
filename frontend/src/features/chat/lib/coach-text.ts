import type { CoachAnalysis } from '../types';

// The texts the chat builds on the client: the coach's greeting (the first bot message, from
// the player's name and analysis; never stored) and the analysis to share (spec §7 "Sharing
// the analysis").

/** "7/10", "7.5/10": the rating out of 10 (spec §9). */
export function ratingText(rating: number): string {
  return `${Math.round(rating * 10) / 10}/10`;
}

/** The greeting names the analysis's first focus as the page reads it (its first tip, else what its text flags first). */
export function greetingFor(coachName: string, firstName: string | null, analysis: CoachAnalysis, firstFocus: string | null): string {
  const hello = `Hi ${firstName?.trim() || 'there'}! I'm ${coachName}, your AI shooting coach.`;
  const scored = analysis.shotRating !== null ? ` You scored ${ratingText(analysis.shotRating)}.` : '';
  const focus = firstFocus ? ` Your first focus: ${firstFocus.replace(/\s*$/, '')}` : '';
  const focusEnd = focus && !/[.!?]$/.test(focus) ? '.' : '';
  return (
    `${hello} I've gone through your shot analysis.${scored}${focus}${focusEnd}\n\n` +
    'Ask me anything about your form, release or follow-through, or ask for a drill to work on this week.'
  );
}

/**
 * The link a shared analysis carries: the waitlist with the player's referral link (spec
 * "Referral link format"), so a friend who opens it joins credited to the player. Never the
 * shot's own pages: those are the player's.
 */
export function shareLinkFor(origin: string, referralCode: string | null): string {
  return referralCode ? `${origin}/shotanalysis?ref=${encodeURIComponent(referralCode)}` : `${origin}/shotanalysis`;
}

export function shareTextFor(brand: string, analysis: CoachAnalysis, link: string): string {
  const lines = [`My shot analysis from ${brand} 🏀`, ''];
  if (analysis.shotRating !== null) lines.push(`Rating: ${ratingText(analysis.shotRating)}`);
  if (analysis.form) lines.push(`Form: ${analysis.form}`);
  if (analysis.release) lines.push(`Release: ${analysis.release}`);
  if (analysis.followThrough) lines.push(`Follow-through: ${analysis.followThrough}`);
  if (analysis.summary) lines.push(analysis.summary);
  if (analysis.tips.length) {
    lines.push('', 'Tips:');
    analysis.tips.forEach((tip, index) => lines.push(`${index + 1}. ${tip}`));
  }
  lines.push('', `Get your own shot analysis: ${link}`);
  return lines.join('\n');
}
