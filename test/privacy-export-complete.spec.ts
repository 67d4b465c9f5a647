import { WaitlistService } from '@swishly/waitlist';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The export holds everything the database holds about the person. A person
// who did everything (joined with utm and first touch, was referred and referred friends,
// confirmed, was admitted, wrote to the team, claimed a shot, chatted, got and redeemed an
// early-access code, made privacy requests) is exported; then every row of every table that
// mentions them is found (information_schema names the tables) and every non-null value of
// those rows must be somewhere in the export, but for the technical columns listed below.

const INGEST = 'export-complete-ingest-token';

/**
 * The columns whose values the export need not repeat (`table.column`), each with its reason:
 * bookkeeping, lookup keys and the email bodies, never something the person said or did or that
 * was decided about them.
 */
const TECHNICAL: Record<string, string> = {
  // The event log's own bookkeeping: the export's history gives each event's type, time, record and details.
  'domain_events.position': 'the order of the whole log (a global counter)',
  'domain_events.id': "the event's internal id",
  'domain_events.version': "the event's number within its record",
  'domain_events.metadata': 'tracing: the request and correlation ids, and which staff account acted (another person)',
  'personal_data.event_id': 'the internal id of the event the fields belong to',
  'personal_data.subject': 'the filing key of the fields: the address (in `subject`) or a conversation of theirs',
  // Lookup keys derived from what the export holds.
  'waitlist_entries.email_canonical': 'the address spelled to spot self-referrals (derived from the address)',
  'waitlist_entries.address_hash': 'a keyed hash of the address, to match the suppression list',
  'waitlist_entries.rank_key': 'the sort key behind the position (the export gives the position)',
  // Internal ids and counters of rows whose content the export holds.
  'shot_records.version': "the record's version counter",
  'chat_messages.position': 'the order of the conversation (its messages are in order)',
  'mail_log.id': "the email's internal serial number",
  'mail_log.event_id': 'the internal id of the event that caused the email',
  'mail_log.idempotency_key': 'delivery bookkeeping (no email is sent twice)',
  'mail_log.batch_key': 'delivery bookkeeping (emails sent together)',
  'mail_log.secret_links': 'a flag for the mail log screen (it hides links that act for the person)',
  // The report's funnel files each member under the day and the creator code it counts them by.
  'funnel_members.day': 'the day the report counts the join under (the export gives the join time)',
  'funnel_members.creator_code': "the creator code the report counts the join under, '' for none (the export gives the code they came with)",
  // Email bodies: what they say is the export's other parts, and their links would act for the person.
  'mail_log.html': "the email's body: its facts are in the export's other parts, its links carry live secrets",
  'mail_log.text': "the email's body: its facts are in the export's other parts, its links carry live secrets",
  'mail_log.list_unsubscribe': 'the unsubscribe link, a live secret (the export gives the unsubscribe state)',
};

describe('the personal-data export holds everything the database holds about the person', () => {
  let stack: TestStack;
  let staff: { cookie: string; 'x-csrf-token': string };

  const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
    stack.api.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  const staffPost = (url: string, payload: object = {}) => stack.api.inject({ method: 'POST', url, payload, headers: staff });
  const links = () => stack.api.get(WaitlistService).links;
  const join = async (first_name: string, email: string, ip: string, extra: object = {}) => {
    const joined = await post('/api/waitlist', { first_name, email, role: 'Coach', referrerCode: null, ...extra }, ip);
    expect(joined.statusCode).toBe(201);
    return joined.json() as { id: string; referralCode: string };
  };
  const confirm = async (id: string) => expect((await post('/api/waitlist/confirm', { token: links().confirmToken(id) }, '10.42.9.1')).statusCode).toBe(200);
  const settled = () =>
    eventually(
      () => stack.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL`),
      ([row]) => row.n === 0,
      30_000,
    ).then(() =>
      eventually(
        () => stack.dataSource.query(`SELECT count(*)::int AS n FROM mail_log WHERE status = 'pending'`),
        ([row]) => row.n === 0,
        30_000,
      ),
    );

  beforeAll(async () => {
    stack = await startStack({ SHOTS_INGEST_TOKEN: INGEST, PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', REFERRAL_BURST_LIMIT: '1' });
    staff = await signInStaff(stack.api, 'export-staff@swishly.test');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('every non-null value of every row that mentions the person is in their export', async () => {
    const email = 'Quintessa.Rowe+Hoops@Example.org';
    const normalised = email.toLowerCase();
    const firstName = 'Quintessa';
    const shotCode = 'QROWESHOT7';

    // Her referrer, and someone else the referrer brought from her address first: past the burst limit (1), her referral is held.
    const referrer = await join('Ravindra', 'ravindra.referrer@example.org', '10.42.0.1');
    await join('Decoy', 'decoy.first@example.org', '10.42.0.7', { referrerCode: referrer.referralCode });
    const person = await join(firstName, email, '10.42.0.7', {
      referrerCode: referrer.referralCode,
      source_tag: 'poster-gym',
      utm_source: 'newsletter',
      utm_campaign: 'spring-league',
      first_touch_source: 'instagram',
      first_touch_campaign: 'tryouts-week',
      first_touch_page: '/blog/elbow-alignment',
      first_touch_referrer: 'Forum.Example.net',
    });
    await confirm(person.id);
    expect((await staffPost(`/api/admin/waitlist/${person.id}/referral`, { decision: 'credit' })).json()).toEqual({ referralStatus: 'credited' });
    // Two friends she referred from one address: the first counts, the second is held and rejected.
    const friend = await join('Fenwick', 'fenwick.friend@example.org', '10.42.0.8', { referrerCode: person.referralCode });
    const rejected = await join('Gorseth', 'gorseth.friend@example.org', '10.42.0.8', { referrerCode: person.referralCode });
    await confirm(friend.id);
    expect((await staffPost(`/api/admin/waitlist/${rejected.id}/referral`, { decision: 'reject' })).json()).toEqual({ referralStatus: 'rejected' });
    // Admitted out of turn: her code and invite.
    const admission = await staffPost(`/api/admin/waitlist/${person.id}/admission`);
    expect(admission.statusCode).toBe(202);
    await eventually(
      async () => (await stack.api.inject({ url: `/api/admin/waitlist/admissions/${admission.json().id}`, headers: staff })).json(),
      (p) => p.status === 'done',
    );
    const [{ code }] = await eventually(
      () => stack.dataSource.query('SELECT code FROM early_access_codes WHERE lower(email) = $1', [normalised]),
      (rows) => rows.length === 1,
    );
    expect((await post('/api/early-access/redeem', { code }, '10.42.1.1')).statusCode).toBe(200);
    // A message to the team (its copy goes to CONTACT_TO with her Reply-To).
    expect(
      (await post('/api/contact', { first_name: firstName, email, subject: 'Club discount', message: 'Do you price teams of twelve?' }, '10.42.1.2'))
        .statusCode,
    ).toBe(201);
    // A shot from the booth, claimed, and a chat about it.
    const shot = await post('/api/shots', { kind: 'shot', code: shotCode, metrics: { elbowAngleDeg: 97, releaseTimeMs: 640 } }, '10.42.1.3', {
      authorization: `Bearer ${INGEST}`,
    });
    expect(shot.statusCode).toBe(201);
    const claim = await post(`/api/shots/shot/${shotCode}/claim`, { first_name: firstName, email }, '10.42.1.4');
    expect(claim.statusCode).toBe(200);
    const claimer = { authorization: `Bearer ${claim.json().claimToken}` };
    expect((await post('/api/chat', { kind: 'shot', shotCode, message: 'Why does my release drift right?' }, '10.42.1.5', claimer)).body).toContain(
      '"type":"done"',
    );
    // Privacy requests: an erasure she never confirmed, and the export she carries out.
    expect((await post('/api/privacy/requests', { email, kind: 'erasure' }, '10.42.1.6')).statusCode).toBe(202);
    expect((await post('/api/privacy/requests', { email, kind: 'export' }, '10.42.1.7')).statusCode).toBe(202);
    const requestMail = await eventually(
      async () => stack.resend.delivered.find((m) => [m.body.to].flat()[0] === normalised && m.body.subject.includes('download')),
      (found) => found !== undefined,
    );
    await settled();
    const token = new URL(requestMail!.body.html.match(/href="([^"]*privacy-request\?token=[^"]+)"/)![1].replace(/&amp;/g, '&')).searchParams.get('token')!;
    const carriedOut = await post('/api/privacy/requests/confirm', { token }, '10.42.1.8');
    expect(carriedOut.statusCode).toBe(200);
    const copy = carriedOut.json();

    // The keys other systems read are all still there.
    for (const key of ['subject', 'waitlist', 'contactMessages', 'shots', 'chatMessages', 'earlyAccessCodes', 'emails', 'consent'])
      expect(copy).toHaveProperty(key);
    // The friends are never named.
    const text = JSON.stringify(copy);
    for (const other of ['Fenwick', 'fenwick.friend', 'Gorseth', 'gorseth.friend', 'Ravindra', 'ravindra.referrer', 'Decoy'])
      expect({ other, found: text.includes(other) }).toEqual({ other, found: false });

    // Every row that mentions her, found through information_schema, and what of it the export lacks.
    const rows = await rowsAbout(stack, person.id, [email, normalised, `email:${normalised}`, `chat:shot:${shotCode}`, shotCode]);
    const tablesFound = [...new Set(rows.map((r) => r.table))].sort();
    expect(tablesFound).toEqual(
      expect.arrayContaining([
        'chat_messages',
        'contact_submissions',
        'domain_events',
        'early_access_codes',
        'mail_log',
        'personal_data',
        'shot_records',
        'waitlist_entries',
      ]),
    );
    // Other people's records that name her are theirs, not hers to receive (Art. 15(4)): her friends'
    // entries and histories (who referred them), her referrer's history (the credit she earned them).
    // The export counts her friends (below) and gives her own referral by the code she came with.
    const others = rows.filter((r) => r.otherPerson);
    expect(
      others
        .filter((r) => r.table === 'waitlist_entries')
        .map((r) => r.row.id)
        .sort(),
    ).toEqual([friend.id, rejected.id].sort());
    expect([...new Set(others.filter((r) => r.table === 'domain_events').map((r) => r.row.stream_id))].sort()).toEqual(
      [friend.id, rejected.id, referrer.id].sort(),
    );

    const exported = leaves(copy).map(([, value]) => value);
    const inExport = new Set(exported);
    const missing: string[] = [];
    for (const { table, row, otherPerson } of rows) {
      if (otherPerson) continue;
      for (const [column, value] of Object.entries(row)) {
        if (value === null || TECHNICAL[`${table}.${column}`]) continue;
        for (const [path, leaf] of leaves(value)) {
          if (!inExport.has(leaf)) missing.push(`${table}.${column}${path} = ${leaf.slice(0, 80)}`);
        }
      }
    }
    expect([...new Set(missing)].sort()).toEqual([]);
    // Her friends are counted by how their referral stands.
    expect(copy.waitlist.referrals).toEqual({ credited: 1, pending: 0, flagged: 0, rejected: 1 });
    // The list above names only columns that exist (a renamed column must not hide behind it).
    const columns: { name: string }[] = await stack.dataSource.query(
      `SELECT table_name || '.' || column_name AS name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const known = new Set(columns.map((c) => c.name));
    expect(Object.keys(TECHNICAL).filter((key) => !known.has(key))).toEqual([]);
  }, 120_000);
});

interface FoundRow {
  table: string;
  row: Record<string, unknown>;
  /** Another person's record that names this one (a friend's entry, a referrer's history): theirs, not this person's. */
  otherPerson: boolean;
}

/**
 * Every row of every table (information_schema) whose text mentions the person: their entry id,
 * their addresses and subjects, their shot's code. Then, until nothing new turns up: the events
 * whose personal fields are filed under them (personal_data), and every row that mentions the
 * records those events belong to (their streams: a contact message, a code, a request, a shot).
 */
async function rowsAbout(stack: TestStack, entryId: string, names: string[]): Promise<FoundRow[]> {
  const tables: { name: string }[] = await stack.dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const needles = new Set([entryId, ...names].map((n) => n.toLowerCase()));
  const eventIds = new Set<string>();
  const found = new Map<string, FoundRow>();
  const keep = (table: string, rows: Record<string, unknown>[]) => {
    for (const { __text, ...row } of rows) {
      const otherPerson =
        (table === 'waitlist_entries' && row.id !== entryId) ||
        (table === 'domain_events' && row.stream_type === 'waitlist-entry' && row.stream_id !== entryId);
      found.set(`${table}:${__text}`, { table, row, otherPerson });
      if (otherPerson) continue;
      if (table === 'personal_data') eventIds.add(String(row.event_id));
      if (table === 'domain_events' && eventIds.has(String(row.id))) needles.add(String(row.stream_id).toLowerCase());
    }
  };
  for (let round = 0; round < 10; round++) {
    const before = needles.size + eventIds.size;
    const patterns = [...needles].map((n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    for (const { name } of tables) {
      keep(name, await stack.dataSource.query(`SELECT t.*, t::text AS "__text" FROM "${name}" t WHERE t::text ILIKE ANY($1::text[])`, [patterns]));
    }
    keep('domain_events', await stack.dataSource.query(`SELECT t.*, t::text AS "__text" FROM domain_events t WHERE t.id = ANY($1::uuid[])`, [[...eventIds]]));
    if (needles.size + eventIds.size === before) return [...found.values()];
  }
  throw new Error('The search for rows about the person did not settle');
}

/** Every scalar of a value with its path, as text (dates as ISO strings): `.a.b[0]` → 'x'. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (value === null || value === undefined) return [];
  if (value instanceof Date) return [[path, value.toISOString()]];
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  return [[path, String(value)]];
}
