import fc from 'fast-check';
import { normaliseEmail } from './email-address';

describe('normaliseEmail (the one key of an address)', () => {
  it('trims and lower-cases an ASCII address as before', () => {
    expect(normaliseEmail('  Pia.Q+Tag@Example.COM \t')).toBe('pia.q+tag@example.com');
  });

  it('folds full-width and other compatibility forms to their plain letters', () => {
    expect(normaliseEmail('ｍａｒｉａ@example.org')).toBe('maria@example.org');
    expect(normaliseEmail('ＭＡＲＩＡ@example.org')).toBe('maria@example.org');
    expect(normaliseEmail('ﬁona@example.org')).toBe('fiona@example.org');
    expect(normaliseEmail('\u3000maria@example.org\u3000')).toBe('maria@example.org'); // an ideographic space
  });

  it('compares composed and decomposed accents as one', () => {
    expect(normaliseEmail('Jose\u0301@example.org')).toBe(normaliseEmail('JOSÉ@example.org'));
  });

  it("lower-cases by Unicode's default mapping, whatever the locale: İ, ı, ẞ and ß", () => {
    expect(normaliseEmail('İLKER@example.org')).toBe(normaliseEmail('İlker@example.org'));
    expect(normaliseEmail('İlker@example.org')).toBe('i\u0307lker@example.org');
    expect(normaliseEmail('Işıl@example.org')).toBe('işıl@example.org');
    // The dotless ı is a letter of its own: ılgaz and ilgaz are two addresses.
    expect(normaliseEmail('ılgaz@example.org')).not.toBe(normaliseEmail('ILGAZ@example.org'));
    expect(normaliseEmail('GROẞ@example.org')).toBe('groß@example.org');
    expect(normaliseEmail('groß@example.org')).not.toBe(normaliseEmail('gross@example.org'));
  });

  it('folds the final sigma, so that a Greek word matches wherever it stands', () => {
    const forms = ['ΣΟΦΟΣ@example.org', 'σοφος@example.org', 'σοφοσ@example.org', 'Σοφος@example.org'];
    expect(new Set(forms.map(normaliseEmail))).toEqual(new Set(['σοφοσ@example.org']));
    expect(normaliseEmail('ΟΔΥΣΣΕΑΣ.x@example.org')).toBe(normaliseEmail('οδυσσεας.x@example.org'));
  });

  it('changes nothing the second time, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => normaliseEmail(normaliseEmail(text)) === normaliseEmail(text)),
      { numRuns: 1000 },
    );
  });

  it('keys every ASCII address as the former rule did (trim and lower case): their stored keys and hashes hold', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)) });
    fc.assert(
      fc.property(ascii, (text) => normaliseEmail(text) === text.trim().toLowerCase()),
      { numRuns: 2000 },
    );
  });
});
