import type { Database } from '../db/client';
import { openDatabase } from '../db/client';
import { pgliteTemplate } from './pglite-template';

/**
 * The embedded databases of the test files, emptied and handed to the next file instead of
 * closed. Opening one from the template costs about 0.9 CPU-s (a thread, PostgreSQL's
 * WebAssembly instance, 43 MB of files unpacked, its start-up), a third of the embedded
 * server suite's CPU with some hundred files (docs/decisions/018, "Session 14"). Emptying
 * one takes a few statements, and leaves it as the template was: the migrations' own rows
 * (the default departments) put back, the sequences where they stood, every table analyzed
 * empty. A database whose schema a file changed (a trigger, a function, a table) is closed
 * instead, and the next file opens a new one.
 */
const spare: Database[] = [];

interface Baseline {
  tables: string[];
  /** The rows the migrations left, per table (as json), to put back after the truncate. */
  rows: { table: string; columns: string; json: string }[];
  sequences: { name: string; value: string; called: boolean }[];
  schema: string;
}
let baseline: Baseline | undefined;

/** An empty migrated database: a spare one if any, else one opened from the template. */
export async function borrowPglite(): Promise<{ database: Database; giveBack(): Promise<void> }> {
  const database =
    spare.pop() ?? (await openDatabase({ dataDir: 'memory://', template: await pgliteTemplate() }));
  baseline ??= await readBaseline(database);
  let closed = false;
  return {
    // The app closes its database when a file closes it: this one outlives the file.
    database: {
      ...database,
      async close() {
        closed = true;
      },
    },
    async giveBack() {
      if (!closed) throw new Error('give the database back after the app closed it');
      try {
        if (spare.length < 2 && (await reset(database, baseline!))) {
          spare.push(database);
          return;
        }
      } catch {
        // Not reusable (a file left it mid-transaction, say): a new one replaces it.
      }
      await database.close();
    },
  };
}

/** What the schema is: a file that created or dropped anything leaves another one. */
const SCHEMA_QUERY = `
  select md5(string_agg(x, ',' order by x)) as schema from (
    select 'c:' || c.relname || ':' || c.relkind::text from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
    union all select 't:' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'p:' || p.proname from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
  ) s(x)`;

async function readBaseline(database: Database): Promise<Baseline> {
  const tables = (
    await database.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'
        order by tablename`,
    )
  ).map((t) => t.name);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const [found] = await database.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    if (!found?.json) continue;
    // Generated columns take no value; everything else goes back as it was.
    const columns = await database.query<{ name: string }>(
      `select quote_ident(column_name) as name from information_schema.columns
        where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
        order by ordinal_position`,
      [table.replaceAll('"', '')],
    );
    rows.push({ table, columns: columns.map((c) => c.name).join(', '), json: found.json });
  }
  const sequences: Baseline['sequences'] = [];
  for (const { name } of await database.query<{ name: string }>(
    `select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'`,
  )) {
    const [state] = await database.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${name}`,
    );
    sequences.push({ name, value: state!.value, called: state!.called });
  }
  const [schema] = await database.query<{ schema: string }>(SCHEMA_QUERY);
  return { tables, rows, sequences, schema: schema!.schema };
}

/** Back to the template's state; false when the file changed the schema. */
async function reset(database: Database, base: Baseline): Promise<boolean> {
  const [schema] = await database.query<{ schema: string }>(SCHEMA_QUERY);
  if (schema?.schema !== base.schema) return false;
  // Session settings, temporary tables, listeners and advisory locks a file left.
  await database.query('discard all');
  await database.query('begin');
  try {
    // Triggers off while emptying and refilling: the audit log refuses a truncate, and the
    // rows put back are the template's own (derived rows included), not new ones.
    await database.query('set local session_replication_role = replica');
    await database.query(`truncate ${base.tables.join(', ')} restart identity cascade`);
    for (const { table, columns, json } of base.rows) {
      await database.query(
        `insert into ${table} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    }
    for (const { name, value, called } of base.sequences) {
      await database.query('select setval($1, $2::bigint, $3)', [name, value, called]);
    }
    await database.query('commit');
  } catch (error) {
    await database.query('rollback').catch(() => {});
    throw error;
  }
  // As the template was made: analyzed (a truncate forgets the statistics).
  await database.query('analyze');
  return true;
}
