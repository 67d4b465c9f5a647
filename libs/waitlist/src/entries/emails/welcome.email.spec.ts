import { renderEmail } from '@swishly/platform';
import { createElement } from 'react';
import { WelcomeEmail, WelcomeEmailProps, welcomeEmail } from './welcome.email';

const base: WelcomeEmailProps = {
  brand: 'Swishly',
  firstName: 'Alex',
  position: 128,
  referralLink: 'https://swishly.app/shotanalysis?ref=K7QX2M9P',
  confirmLink: 'https://swishly.app/shotanalysis?confirm=abc.def',
  statusLink: 'https://swishly.app/shotanalysis?status=K7QX2M9P',
  unsubscribeLink: 'https://swishly.app/unsubscribe?token=abc.def',
};

describe('welcomeEmail (rendered once, filled in per person)', () => {
  const people: Partial<WelcomeEmailProps>[] = [
    {},
    { firstName: `O'Brien & <Sons> "Jr"`, position: 1 },
    { firstName: 'Straße Jürgen', position: 1_000_000 },
    { firstName: 'Mary Ann', reminder: true },
    { firstName: 'Sam', statusLinkOnly: true },
    { firstName: 'xslot1x XSLOT2X', position: 7 }, // looks like a slot: must stay text
    { brand: 'Hoop & Co', referralLink: 'https://example.com/?ref=A&b="c"' },
  ];

  it.each(people)('gives exactly what a full render gives: %o', (change) => {
    const props = { ...base, ...change };
    expect(welcomeEmail.render(props)).toEqual(renderEmail(createElement(WelcomeEmail, props)));
  });

  it('shows the person in the text version, upper-cased in the heading as html-to-text does', () => {
    const { text, html } = welcomeEmail.render({ ...base, firstName: 'Zoë' });
    expect(text).toContain("YOU'RE IN, ZOË!");
    expect(html).toContain('Zoë');
    expect(html).not.toMatch(/xslot/i);
  });

  it('offers one-click unsubscribe in the welcome and the reminder, not with a requested status link', () => {
    expect(welcomeEmail.render(base).html).toContain('href="https://swishly.app/unsubscribe?token=abc.def"');
    expect(welcomeEmail.render({ ...base, reminder: true }).html).toContain('Unsubscribe');
    expect(welcomeEmail.render({ ...base, statusLinkOnly: true }).html).not.toContain('Unsubscribe');
  });
});
