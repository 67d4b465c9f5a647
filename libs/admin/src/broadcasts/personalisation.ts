import { escapeHtml, type RenderedEmail } from '@swishly/platform';

/**
 * What an announcement may say of each recipient, written in its body as `{{first_name}}`,
 * `{{position}}` or `{{referral_link}}`: each member gets their own. Values are HTML-escaped in
 * the HTML (a member's name is theirs to choose, never markup) and written as they are in the text.
 */
export interface PersonalFields {
  first_name: string;
  position: string;
  referral_link: string;
}

const FIELD = /\{\{\s*(first_name|position|referral_link)\s*\}\}/g;

/** Whether the body asks for the recipient's position (looked up only then: one lookup a member). */
export const asksForPosition = (html: string): boolean => /\{\{\s*position\s*\}\}/.test(html);

/** A member's fields: `place` is their position when the body asks for it (else left empty). */
export function personalFieldsOf(
  member: { firstName: string; referralCode: string },
  place: number | undefined,
  referralLink: (code: string) => string,
): PersonalFields {
  return {
    first_name: member.firstName,
    position: place !== undefined ? `#${place.toLocaleString('en-US')}` : '',
    referral_link: referralLink(member.referralCode),
  };
}

/** The email with each field filled in for one recipient. */
export function personalise(email: Pick<RenderedEmail, 'html' | 'text'>, fields: PersonalFields): Pick<RenderedEmail, 'html' | 'text'> {
  return {
    html: email.html.replace(FIELD, (_, name: keyof PersonalFields) => escapeHtml(fields[name])),
    text: email.text.replace(FIELD, (_, name: keyof PersonalFields) => fields[name]),
  };
}
