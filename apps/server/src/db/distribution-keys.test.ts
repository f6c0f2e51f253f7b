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
  // A series' latest value, moved forward by every ingest batch, apart from the catalogue (docs/decisions/0008).
  series_latest: 'series_id',
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
 * Reference tables: small, read by every shard's joins, copied to every node (docs/scale.md, step 5), in the order
 * they are created there: each refers only to those before it (or to itself). `series` is
 * one since migration 0052: its `UNIQUE (model_id, tag)`, the ingest's lookup, stays a unique index there, and it is
 * written once per series (its latest value is in `series_latest`).
 */
const REFERENCE = [
  'companies',
  'users',
  'model_types',
  'configuration_items',
  'alarm_limit_groups',
  'sensor_types',
  'bearings',
  'structure_items',
  'equipment_models',
  'series',
];

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
    file: 'modules/ingest/ingest.repository.ts',
    pattern: /FROM measurement_arrivals a JOIN series s ON s\.id = a\.series_id\s+WHERE s\.model_id IN/,
    why: "the minute's sweep for points queued but whose analysis job was never sent (a process stopped after the commit), over every shard once a minute; the queue is taken within seconds, so it is small",
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
  // Reads of a model's series with what the measurement family holds of them, starting from `series` (a reference
  // table) by model: on a cluster they go to every shard of the family. docs/scale.md, "Not done yet", has the change
  // that makes them one-shard reads (the model's series ids first, then `series_id = ANY(ids)`).
  {
    file: 'modules/timeseries/timeseries.repository.ts',
    pattern: /FROM series s JOIN equipment_models m ON m\.id = s\.model_id .*LEFT JOIN series_latest l/,
    why: 'a model’s series with their latest values and states (model pages, trend lists), by model',
  },
  {
    file: 'modules/transformer/transformer.repository.ts',
    pattern: /FROM series s LEFT JOIN series_latest l ON l\.series_id = s\.id LEFT JOIN alarm_states a/,
    why: 'a model’s series with their latest values and states (transformer, VCA, EVS and RVS calls), by model',
  },
  {
    file: 'modules/transformer/transformer.repository.ts',
    pattern: /coalesce\(m\.last_data_at, \(SELECT max\(l\.last_ts\) FROM series s JOIN series_latest l/,
    why: 'a model’s time of last data from its series, only when the model row has none (the ingest writes it)',
  },
  {
    file: 'modules/model-summary/model-summary.repository.ts',
    pattern: /coalesce\(m\.last_data_at, \(SELECT max\(l\.last_ts\) FROM series ss JOIN series_latest l/,
    why: 'the same fallback in the company’s model table, only for a model without a time of last data',
  },
  {
    file: 'modules/analysis/analysis.repository.ts',
    pattern: /FROM series s LEFT JOIN alarm_states a ON a\.series_id = s\.id WHERE s\.model_id = \$1/,
    why: 'the analysis reading a model’s alarm states, once per model and run, by model',
  },
  {
    file: 'modules/baselines/baselines.repository.ts',
    pattern: /FROM series as s'\) JOIN alarm_states as a ON a\.series_id = s\.id WHERE 's\.model_id'/,
    why: 'a model’s learned baselines (settings page) and their reset, by model',
  },
  {
    file: 'modules/fault-events/fault-events.repository.ts',
    pattern: /FROM fault_events f JOIN series s ON s\.id = f\.series_id JOIN series_latest l/,
    why: 'whether named open events’ conditions still hold: their series’ latest values and states, joined from the events',
  },
  {
    file: 'modules/analysis/analysis.repository.ts',
    pattern:
      /DELETE FROM measurements WHERE \(tableoid, ctid\) IN \( SELECT m\.tableoid, m\.ctid FROM measurements m/,
    why: 'the retention sweep over every series, in slices, by design',
  },
  {
    file: 'auth/equipment-visibility.ts',
    pattern: /FROM waveforms w JOIN equipment_models m ON m\.id = w\.model_id .*WHERE w\.id = \$1/,
    why: 'the sight of a capture opened by its id alone (waveform routes), as its read in the timeseries repository',
  },
  {
    file: 'demo/demo-outcomes.repository.ts',
    pattern: /FROM measurement_arrivals a JOIN series s ON s\.id = a\.series_id WHERE s\.model_id = ANY/,
    why: 'the demonstration waiting for its models’ analysis queue to drain, a few times on setup',
  },
  {
    file: 'demo/demo-outcomes.repository.ts',
    pattern: /FROM series s JOIN alarm_states a ON a\.series_id = s\.id WHERE s\.model_id = f\.model_id/,
    why: 'the demonstration closing its old events whose tag is back to normal, once on setup',
  },
];

/** Where a join's condition ends: the next clause or join, the end of its subquery, or the next method of a chain. */
const CONDITION_END =
  /\s(?:WHERE|(?:LEFT |INNER |CROSS |FULL )?JOIN|ORDER BY|GROUP BY|LIMIT|RETURNING|UNION)\b|\)|\.\w+\(|$/i;

/**
 * Whether a statement that names `table` (after FROM, JOIN, UPDATE or INTO) filters it by its distribution column
 * `key`, as a cluster needs to send it to one shard. An insert names the key among the columns it writes. Any other
 * statement names the table's key (`alias.key`, or unqualified) in a WHERE after the table, join conditions (ON …)
 * left out: `JOIN t ON t.model_id = m.id` joins by the key but filters nothing, and on a cluster reads every shard.
 * A join on the key to a row the WHERE filters by that value counts: `JOIN alarm_states a ON a.series_id = s.id …
 * WHERE s.id = $1`, or `JOIN r ON r.model_id = f.model_id … WHERE f.model_id = $1`.
 */
function filtersByKey(text: string, table: string, key: string): boolean {
  const mentions = [
    ...text.matchAll(
      new RegExp(
        `\\b(FROM|JOIN|UPDATE|INTO)\\s+${table}\\b(?:\\s+(?:AS\\s+)?(\\w+(?:\\$\\{[^}]*\\})?))?`,
        'gi',
      ),
    ),
  ];
  return mentions.every((at) => {
    const after = text.slice(at.index);
    if (at[1]?.toUpperCase() === 'INTO') return after.includes(key);
    const alias = (
      at[2] && !/^(WHERE|ON|JOIN|LEFT|INNER|CROSS|SET|USING|ORDER|GROUP|LIMIT|RETURNING)$/i.test(at[2])
        ? at[2]
        : table
    ).replace(/[$.{}+*?()[\]\\]/g, '\\$&');
    // The join conditions after the table, apart from the rest (ON CONFLICT is an insert's, not a join's).
    const conditions: string[] = [];
    let rest = '';
    let from = 0;
    for (const on of after.matchAll(/\bON\s+(?!CONFLICT\b)/gi)) {
      if (on.index < from) continue;
      const start = on.index + on[0].length;
      rest += after.slice(from, on.index);
      from = start + after.slice(start).search(CONDITION_END);
      conditions.push(after.slice(start, from));
    }
    rest += after.slice(from);
    // Its own join condition may pin the key to a parameter: `JOIN measurements m1 ON m1.series_id = $5 AND …`.
    const pinned = new RegExp(`\\b${alias}\\.${key}\\s*=\\s*(?:ANY\\s*\\()?\\$`, 'i');
    if (conditions.some((condition) => pinned.test(condition))) return true;
    const where = rest.search(/\bWHERE\b/i);
    if (where < 0) return false;
    const filters = rest.slice(where);
    if (new RegExp(`(?:\\b${alias}\\.|(?<![\\w.]))${key}\\b`).test(filters)) return true;
    const joined = new RegExp(
      `\\b${alias}\\.${key}\\s*=\\s*(\\w+\\.\\w+)|(\\w+\\.\\w+)\\s*=\\s*${alias}\\.${key}\\b`,
      'g',
    );
    return conditions.some((condition) =>
      [...condition.matchAll(joined)].some((match) =>
        new RegExp(`\\b${(match[1] ?? match[2] ?? '').replace('.', '\\.')}\\s*(?:=|IN\\b)`, 'i').test(
          filters,
        ),
      ),
    );
  });
}

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

  it('foreign keys fit a cluster: a reference table points at reference tables only, a distributed one at those or its own key', async () => {
    const { rows } = await client.query<{
      table: string;
      target: string;
      columns: string[];
      targets: string[];
    }>(
      `SELECT t.relname AS table, r.relname AS target,
              array(SELECT attname::text FROM unnest(c.conkey) AS k(n)
                    JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.n) AS columns,
              array(SELECT attname::text FROM unnest(c.confkey) AS k(n)
                    JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.n) AS targets
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
       WHERE c.contype = 'f' AND t.relname = ANY($1::text[]) AND NOT t.relispartition`,
      [[...REFERENCE, ...Object.keys(DISTRIBUTED)]],
    );
    const misfits = rows
      .filter((row) => {
        if (REFERENCE.includes(row.target)) return false;
        const key = DISTRIBUTED[row.table];
        // Between distributed tables of one group: the key on both sides.
        return !(
          key &&
          DISTRIBUTED[row.target] === key &&
          row.columns.includes(key) &&
          row.targets.includes(key)
        );
      })
      .map((row) => `${row.table} (${row.columns.join(', ')}) → ${row.target} (${row.targets.join(', ')})`);
    expect(misfits).toEqual([]);
    const outOfOrder = rows
      .filter(
        (row) =>
          REFERENCE.includes(row.table) && REFERENCE.indexOf(row.target) > REFERENCE.indexOf(row.table),
      )
      .map((row) => `${row.table} → ${row.target}`);
    expect(outOfOrder).toEqual([]);
    expect(rows).toContainEqual({
      table: 'series_latest',
      target: 'series',
      columns: ['series_id'],
      targets: ['id'],
    });
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
        // A Kysely chain as the SQL it stands for: each table it names, then its joins (with their conditions after
        // ON), its filters after WHERE and the values it writes. The columns it selects are left out: naming the key
        // there filters nothing.
        ...[
          ...source.matchAll(
            /\.(?:selectFrom|innerJoin|leftJoin|updateTable|deleteFrom|insertInto)\(\s*'\w+[\s\S]*?\.execute/g,
          ),
        ].map((match) =>
          match[0]
            .replace(/\.select\((?:\[[^\]]*\]|'[^']*')\)/g, ' ')
            .replace(
              /\.(?:innerJoin|leftJoin)\(\s*'([^']*)',\s*'([^']*)',\s*'([^']*)'\)/g,
              ' JOIN $1 ON $2 = $3 ',
            )
            .replace(/\.(?:innerJoin|leftJoin)\(\s*'/g, ' JOIN ')
            .replace(/\.where(?:Ref)?\(/g, ' WHERE ')
            .replace(/\.(?:selectFrom|updateTable|deleteFrom|insertInto)\(\s*'/g, ' FROM '),
        ),
      ];
      for (const statement of statements) {
        const text = statement.replace(/\s+/g, ' ');
        for (const [table, key] of Object.entries(DISTRIBUTED)) {
          if (filtersByKey(text, table, key)) continue;
          const known = FAN_OUT.find((entry) => file === entry.file && entry.pattern.test(text));
          if (known) allowed.add(known);
          else offenders.push(`${file}: ${text.slice(0, 160)}`);
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
