import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';

// Issue 28 item 3 (docs/scale.md, "Distribution keys"): a distributed PostgreSQL (Citus) takes a table whose primary
// key and unique indexes hold its distribution column, and routes a query to one shard when it filters by it. This
// test reads both from the migrated schema and from the repositories' SQL, so a new index or query without the key is
// caught here rather than on the day the cluster is built.

/** Distributed tables and their distribution column. */
const DISTRIBUTED: Record<string, string> = {
  // The measurement family is co-located by series (a series belongs to one model): see docs/scale.md.
  measurements: 'series_id',
  measurement_rollups: 'series_id',
  measurement_rollups_6h: 'series_id',
  alarm_states: 'series_id',
  measurement_arrivals: 'series_id',
  waveforms: 'model_id',
  model_component_status: 'model_id',
  model_status_history: 'model_id',
  // Fault events and notes are per model, co-located with the waveforms (migration 0047, docs/decisions/0007).
  fault_events: 'model_id',
  fault_event_recipients: 'model_id',
  note_topics: 'model_id',
  note_comments: 'model_id',
  sensor_point_notes: 'model_id',
};

/**
 * Statements that may touch a distributed table without its key, and why: each one is a fan-out Citus still runs
 * correctly (to every shard), taken knowingly.
 */
const FAN_OUT: { file: string; pattern: RegExp; why: string }[] = [
  {
    file: 'modules/ingest/ingest.repository.ts',
    pattern: /FROM waveforms WHERE kind = 'vibration' AND unit = ANY/,
    why: 'the maintenance sweep of captures stored in old units, over every model, 20 at a time',
  },
  {
    file: 'modules/ingest/ingest.repository.ts',
    pattern: /UPDATE waveforms SET unit = \$3, samples = \$4 WHERE id = \$1/,
    why: 'the same sweep rewriting one capture it found',
  },
  {
    file: 'modules/timeseries/timeseries.repository.ts',
    pattern: /FROM waveforms WHERE id = /,
    why: 'a capture opened by its id (waveform routes); waveforms_id_idx on every shard',
  },
  {
    file: 'modules/fault-events/fault-events.repository.ts',
    pattern: /SELECT id, model_id FROM fault_events WHERE id = ANY/,
    why: 'the model of events named by their id alone (fault-event routes, bulk): one lookup per call, fault_events_id_idx',
  },
  {
    file: 'modules/fault-events/fault-events.repository.ts',
    pattern: /FROM fault_events f JOIN companies c ON c.id = f.company_id CROSS JOIN LATERAL/,
    why: 'the escalation sweep over every model’s open unacknowledged events, 100 at a time, each minute',
  },
  {
    file: 'modules/fault-events/fault-events.repository.ts',
    pattern:
      /FROM fault_events WHERE evidence IS NULL AND created_at > now\(\) - interval '1 day' ORDER BY id/,
    why: 'the evidence catch-up after events opened, over every model’s events of the last day without evidence',
  },
  {
    file: 'modules/notes/notes.repository.ts',
    pattern: /SELECT id, model_id FROM note_topics WHERE id = ANY/,
    why: 'the model of a note named by its id alone (note routes): one lookup per call, note_topics_id_idx',
  },
  {
    file: 'modules/notes/notes.repository.ts',
    pattern: /SELECT id, model_id FROM note_comments WHERE id = ANY/,
    why: 'the model of a comment named by its id alone (comment routes): one lookup per call, note_comments_id_idx',
  },
];

let url = '';
let drop: () => Promise<void> = async () => undefined;
let client: pg.Client;

beforeAll(async () => {
  const database = await createTestDatabase();
  url = database.url;
  drop = database.drop;
  client = new pg.Client({ connectionString: url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await drop();
});

describe('distribution keys', () => {
  it('every primary key and unique index of a distributed table holds its distribution column', async () => {
    const { rows } = await client.query<{ table: string; index: string; columns: string[]; unique: boolean }>(
      `SELECT t.relname AS table, i.relname AS index, x.indisunique AS unique,
              array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
       CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
       WHERE t.relname = ANY($1::text[])
       GROUP BY t.relname, i.relname, x.indisunique`,
      [Object.keys(DISTRIBUTED)],
    );
    expect(new Set(rows.map((row) => row.table))).toEqual(new Set(Object.keys(DISTRIBUTED)));
    const missing = rows
      .filter((row) => row.unique && !row.columns.includes(DISTRIBUTED[row.table] as string))
      .map((row) => `${row.table}.${row.index} (${row.columns.join(', ')})`);
    expect(missing).toEqual([]);
    const waveformKey = rows.find((row) => row.table === 'waveforms' && row.index === 'waveforms_pkey');
    expect(waveformKey?.columns).toEqual(['model_id', 'id']);
    const queueKey = rows.find(
      (row) => row.table === 'measurement_arrivals' && row.index === 'measurement_arrivals_pkey',
    );
    expect(queueKey?.columns).toEqual(['series_id', 'id']);
  });

  it('every repository statement on a distributed table filters by (or writes) its key, or is a known fan-out', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const offenders: string[] = [];
    const allowed = new Set<(typeof FAN_OUT)[number]>();
    for (const file of files) {
      const source = readFileSync(path.join(root, file), 'utf8');
      // SQL lives in template literals and quoted strings of the repositories, or in Kysely chains (a table named in
      // selectFrom, a join, updateTable, deleteFrom or insertInto, up to the chain's execute).
      const statements = [
        ...[...source.matchAll(/`([^`]*)`|'((?:SELECT|UPDATE|INSERT|DELETE|WITH)[^']*)'/g)].map(
          (match) => match[1] ?? match[2] ?? '',
        ),
        // A Kysely chain as the SQL it stands for: each table it names, then its joins, filters and the values it
        // writes. The columns it selects are left out: naming the key there filters nothing. (A join on the key is
        // taken as in SQL text: a co-located join, filtered on the table it joins.)
        ...[
          ...source.matchAll(
            /\.(?:selectFrom|innerJoin|leftJoin|updateTable|deleteFrom|insertInto)\(\s*'\w+[\s\S]*?\.execute/g,
          ),
        ].map((match) =>
          match[0]
            .replace(/\.select\((?:\[[^\]]*\]|'[^']*')\)/g, ' ')
            .replace(/\.(?:innerJoin|leftJoin)\(\s*'/g, ' JOIN ')
            .replace(/\.(?:selectFrom|updateTable|deleteFrom|insertInto)\(\s*'/g, ' FROM '),
        ),
      ];
      for (const statement of statements) {
        const text = statement.replace(/\s+/g, ' ');
        for (const [table, key] of Object.entries(DISTRIBUTED)) {
          const at = new RegExp(`\\b(FROM|JOIN|UPDATE|INTO)\\s+${table}\\b`, 'i').exec(text);
          // The key after the table's name: in its join or filter, or in the columns it writes.
          if (!at || text.slice(at.index).includes(key)) continue;
          const known = FAN_OUT.find((entry) => file === entry.file && entry.pattern.test(text));
          if (known) allowed.add(known);
          else offenders.push(`${file}: ${text.slice(0, 120)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
    // A fan-out that no longer exists is taken off the list.
    expect(FAN_OUT.filter((entry) => !allowed.has(entry)).map((entry) => entry.why)).toEqual([]);
  });

  it('the hot reads of a series and of a model’s captures are index scans on the key', async () => {
    const plan = async (text: string) =>
      (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    await client.query("SELECT ensure_measurement_partition('2026-11-01')");
    await client.query('SET enable_seqscan = off');
    expect(
      await plan(
        "SELECT ts, value FROM measurements WHERE series_id = 1 AND ts >= '2026-11-01' AND ts < '2026-11-02'",
      ),
    ).toMatch(/Index Cond: \(+series_id = 1/);
    expect(
      await plan(
        "SELECT bucket, v_min, v_max FROM measurement_rollups WHERE series_id = 1 AND bucket >= '2026-11-01'",
      ),
    ).toMatch(/Index Cond: \(+series_id = 1/);
    expect(
      await plan(
        "SELECT id FROM waveforms WHERE model_id = '00000000-0000-0000-0000-000000000001' AND sensor = 'S1' ORDER BY captured_at DESC LIMIT 30",
      ),
    ).toMatch(/Index Cond: \(+model_id = /);
    // A note's comments are read on its model's key.
    expect(
      await plan(
        "SELECT * FROM note_comments WHERE model_id = '00000000-0000-0000-0000-000000000001' AND topic_id = '00000000-0000-0000-0000-000000000002'",
      ),
    ).toMatch(/Index Cond: \(+model_id = /);
  });
});
