import { EARLY_ACCESS_CODE_ALPHABET as SERVER_ALPHABET } from '@swishly/admin';
import { suggestCreatorCode } from '../frontend/src/features/admin/creator-codes/lib/creator-code';
import { EARLY_ACCESS_CODE_ALPHABET, generateEarlyAccessCode } from '../frontend/src/features/admin/early-access/lib/early-access-code';

describe('early-access code generator (spec §5, §9)', () => {
  it('makes 6 characters from the alphabet without I, O, 0 and 1', () => {
    expect(EARLY_ACCESS_CODE_ALPHABET).toBe('ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    expect(SERVER_ALPHABET).toBe(EARLY_ACCESS_CODE_ALPHABET);
    const codes = Array.from({ length: 2000 }, () => generateEarlyAccessCode());
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    // Every symbol turns up, and the codes don't repeat (32^6 ≈ 1.07 billion).
    expect(new Set(codes.join(''))).toEqual(new Set(EARLY_ACCESS_CODE_ALPHABET));
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });
});

describe('creator code suggestion (spec §5)', () => {
  it.each([
    ['Jordan Smith', 'JORDAN25'], // first 6 letters of at least 3
    ['Max', 'MAX25'],
    ['Al', 'AL25'], // fewer than 3 letters: all of them
    ['J', 'J25'],
    ["D'Angelo-Russell", 'DANGEL25'], // punctuation dropped
    ['M.J.', 'MJ25'],
    ['Player23 Hoops', 'PLAYER25'], // digits dropped
    ['2Pac', 'PAC25'],
    ['K9', 'K25'],
    ['Zoë Ånström', 'ZOEANS25'], // accents folded
    ['Éa', 'EA25'],
    ['123', '25'], // no letters at all: the suffix alone
    ['', ''], // nothing typed yet: no suggestion
    ['   ', ''],
  ])('%j -> %j', (name, code) => {
    expect(suggestCreatorCode(name)).toBe(code);
  });
});
