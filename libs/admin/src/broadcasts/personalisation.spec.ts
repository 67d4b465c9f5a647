import { asksForPosition, personalise } from './personalisation';

describe('personalise', () => {
  const fields = { first_name: 'Tom <b>&</b> "Jerry"', position: '#7', referral_link: 'https://swishly.test/shotanalysis?ref=AB12CD34&x=1' };

  it('fills each field, escaped in the HTML and as written in the text', () => {
    const email = personalise({ html: '<p>Hi {{first_name}}, {{ position }}: {{referral_link}}</p>', text: 'Hi {{first_name}}, {{position}}' }, fields);
    expect(email.html).toBe('<p>Hi Tom &lt;b&gt;&amp;&lt;/b&gt; &quot;Jerry&quot;, #7: https://swishly.test/shotanalysis?ref=AB12CD34&amp;x=1</p>');
    expect(email.text).toBe('Hi Tom <b>&</b> "Jerry", #7');
  });

  it('leaves other braces alone, and knows when a body asks for a place', () => {
    expect(personalise({ html: '{{email}} {{ first_name', text: '' }, fields).html).toBe('{{email}} {{ first_name');
    expect(asksForPosition('<p>{{position}}</p>')).toBe(true);
    expect(asksForPosition('<p>{{first_name}}</p>')).toBe(false);
  });
});
