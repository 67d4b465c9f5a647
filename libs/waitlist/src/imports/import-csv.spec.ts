import { headerProblem, importFlag, readImportCsv } from './import-csv';

describe('readImportCsv', () => {
  it('reads quoted values, a byte-order mark and CRLF, with each row on its line', () => {
    const { rows, order } = readImportCsv('\uFEFFFirst_Name,EMAIL\r\n"Ann, Jr",ann@example.com\r\n\r\nBob,bob@example.com\r\n');
    expect(order).toBe('file');
    expect(rows.map((r) => [r.seq, r.line, r.firstName, r.email, r.problem])).toEqual([
      [1, 2, 'Ann, Jr', 'ann@example.com', null],
      [2, 4, 'Bob', 'bob@example.com', null],
    ]);
  });

  it('orders by joined_at only when every row has one', () => {
    const dated = readImportCsv('email,first_name,joined_at\nb@x.fi,B,2025-02-01\na@x.fi,A,2025-01-01T10:00:00Z\n');
    expect(dated.order).toBe('joined_at');
    expect(dated.rows.map((r) => [r.email, r.joinedAt])).toEqual([
      ['a@x.fi', '2025-01-01T10:00:00.000Z'],
      ['b@x.fi', '2025-02-01T00:00:00.000Z'],
    ]);
    const mixed = readImportCsv('email,first_name,joined_at\nb@x.fi,B,2025-02-01\na@x.fi,A,\n');
    expect(mixed.order).toBe('file');
    expect(mixed.rows.map((r) => r.email)).toEqual(['b@x.fi', 'a@x.fi']);
  });

  it('marks invalid rows and repeated addresses (whatever their case) with the reason', () => {
    const { rows } = readImportCsv(
      'email,first_name,joined_at,confirmed,referred_by\nann@x.fi,Ann,,,\nANN@X.FI,Ann again,,,\nnope,N,,,\nc@x.fi,,,,\nd@x.fi,D,yesterday,,\ne@x.fi,E,,maybe,\nf@x.fi,F,,,not a code!\n',
    );
    expect(rows.map((r) => r.problem?.reason ?? null)).toEqual([
      null,
      'Repeats the address of line 2',
      'Not a valid email address',
      'No first name',
      'joined_at is not a date (YYYY-MM-DD or an ISO date and time)',
      'confirmed is not true or false',
      'referred_by is neither an email address nor a referral code',
    ]);
  });

  it('reads confirmed and referred_by as the import uses them', () => {
    const { rows } = readImportCsv('email,first_name,confirmed,referred_by\na@x.fi,A,Yes,\nb@x.fi,B,0,A@X.FI\nc@x.fi,C,1,k7qx2m9p\n');
    expect(rows.map((r) => [r.confirmed, r.referredBy])).toEqual([
      [true, null],
      [false, 'a@x.fi'],
      [true, 'K7QX2M9P'],
    ]);
  });
});

describe('headerProblem and importFlag', () => {
  it('needs the email and first_name columns', () => {
    expect(headerProblem('Email,First_Name\n')).toBeNull();
    expect(headerProblem('name,mail\n')).toContain('no email or first_name column');
  });

  it('reads an option as a box or a word', () => {
    expect([importFlag(undefined), importFlag('on'), importFlag('TRUE'), importFlag('0'), importFlag('perhaps')]).toEqual([false, true, true, false, null]);
  });
});
