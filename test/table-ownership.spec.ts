import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Each table belongs to the module whose migrations create it, and only that module's code
 * names it in SQL: another module asks the owner's public service (its index.ts). The import
 * rules cannot see a query string, so this reads every one.
 *
 * The platform's tables are the bottom layer every module is built on: the event log
 * (domain_events, personal_data) and the mail log and suppression list may be read by any
 * module (a projection reads the log, a list joins the suppression list to say who may be
 * mailed), but only the platform writes them.
 */
const root = join(__dirname, '..');
const libs = join(root, 'libs');
const modules = readdirSync(libs).filter((name) => name !== 'business-modules');

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
const sourcesOf = (module: string) => files(join(libs, module, 'src')).filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file));
const isMigration = (file: string) => file.split('/').includes('migrations');

function ownersOfTables(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const module of modules) {
    for (const file of sourcesOf(module).filter(isMigration)) {
      for (const [, table] of readFileSync(file, 'utf8').matchAll(/CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?"?(\w+)/g)) owners.set(table, module);
    }
  }
  return owners;
}

/** The tables a piece of source names in SQL, and whether it writes them. */
function tablesNamedIn(source: string): { table: string; writes: boolean }[] {
  return [...source.matchAll(/\b(FROM|JOIN|UPDATE|INTO|TABLE|EXISTS|USING)\s+"?(\w+)"?/g)].map(([, keyword, table]) => ({
    table,
    writes: ['UPDATE', 'INTO', 'TABLE', 'USING'].includes(keyword) || /DELETE\s+$/.test(source.slice(0, source.indexOf(`${keyword} ${table}`))),
  }));
}

/** Every place a module's code names a table it does not own, as "module file: table". */
function crossings(): string[] {
  const owners = ownersOfTables();
  const found: string[] = [];
  for (const module of modules) {
    for (const file of sourcesOf(module).filter((f) => !isMigration(f))) {
      const source = readFileSync(file, 'utf8');
      for (const { table, writes } of tablesNamedIn(source)) {
        const owner = owners.get(table);
        if (!owner || owner === module) continue;
        if (owner === 'platform' && !writes) continue;
        found.push(`${module} ${relative(root, file)}: ${writes ? 'writes' : 'reads'} ${table} (${owner}'s)`);
      }
    }
  }
  return found;
}

describe('table ownership', () => {
  it("knows every business module's tables from its migrations", () => {
    const owners = ownersOfTables();
    expect(owners.get('waitlist_entries')).toBe('waitlist');
    expect(owners.get('waitlist_admissions')).toBe('admin');
    expect(owners.get('shot_records')).toBe('events');
    expect(owners.get('domain_events')).toBe('platform');
  });

  it('sees a query of another module’s table, and a write to the platform’s', () => {
    expect(tablesNamedIn("db.query('SELECT confirmed_at FROM waitlist_entries WHERE id = $1')")).toEqual([{ table: 'waitlist_entries', writes: false }]);
    expect(tablesNamedIn('`DELETE FROM mail_log WHERE template = $1`')).toEqual([{ table: 'mail_log', writes: true }]);
    expect(tablesNamedIn("'UPDATE waitlist_admissions a SET invited = 1'")).toEqual([{ table: 'waitlist_admissions', writes: true }]);
  });

  it("no module's SQL reaches another module's tables (nor writes the platform's)", () => {
    expect(crossings()).toEqual([]);
  });
});
