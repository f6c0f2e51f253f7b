import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { migrate } from './migrate.ts';

describe('migrations', () => {
  it('apply once when two processes start together, and a second run does nothing', async () => {
    const target = await createTestDatabase();
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    try {
      // Start from an empty database: the template already carries the schema.
      await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      const pools = [
        new pg.Pool({ connectionString: target.url }),
        new pg.Pool({ connectionString: target.url }),
      ];
      const results = await Promise.all(pools.map((pool) => migrate(pool)));
      expect(results.flat().filter((name) => name === '0001_core.sql')).toHaveLength(1);
      expect(await migrate(pools[0] as pg.Pool)).toEqual([]);
      const { rows } = await admin.query('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0].n).toBeGreaterThan(0);
      const tables = await admin.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('users','companies','sessions','audit_log')`,
      );
      expect(tables.rows[0].n).toBe(4);
      await Promise.all(pools.map((pool) => pool.end()));
    } finally {
      await admin.end();
      await target.drop();
    }
  });
});

describe('migration 0047 (fault events and notes keyed by model, issue 28 item 3)', () => {
  it('keeps existing events, recipients, notes and comments, each with its parent’s model, and ids going on', async () => {
    const target = await createTestDatabase();
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    const pool = new pg.Pool({ connectionString: target.url });
    try {
      // A database as it was before 0047: every earlier migration applied, with data in it.
      await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await admin.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const dir = path.join(import.meta.dirname, 'migrations');
      for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()) {
        if (name >= '0047') break;
        await admin.query(await readFile(path.join(dir, name), 'utf8'));
        await admin.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      }
      const one = async (text: string, values: unknown[] = []) =>
        (await admin.query(text, values)).rows[0] as Record<string, string>;
      const company = await one(
        `INSERT INTO companies (title, initial_code, start_date, end_date)
         VALUES ('Plant', 'PL', '2026-01-01', '2027-01-01') RETURNING id`,
      );
      const tag = await one(
        `INSERT INTO structure_items (company_id, item_type, title, equipment_group_type)
         VALUES ($1, 'EquipmentTag', 'T1', 'electric') RETURNING id`,
        [company.id],
      );
      const model = async (code: string) =>
        (
          await one(
            `INSERT INTO equipment_models (company_id, equipment_tag_id, model_type_id, title, code)
             VALUES ($1, $2, 1, $3, $3) RETURNING id`,
            [company.id, tag.id, code],
          )
        ).id as string;
      const [a, b] = [await model('A1'), await model('B1')];
      const event = async (modelId: string, reopenedFrom: number | null = null) =>
        Number(
          (
            await one(
              `INSERT INTO fault_events (company_id, model_id, tag, event_date, alarm_type, alarm_message,
                 alarm_value, sensor_id, reopened_from)
               VALUES ($1, $2, 'oil.temp', now(), 2, 'Alarm', 95, 'S1', $3) RETURNING id`,
              [company.id, modelId, reopenedFrom],
            )
          ).id,
        );
      const a1 = await event(a);
      const a2 = await event(a, a1);
      const b1 = await event(b);
      await admin.query(
        `INSERT INTO fault_event_recipients (fault_event_id, stage, email)
         VALUES ($1, 'ack', 'x@example.com'), ($2, 'done', 'y@example.com')`,
        [a1, b1],
      );
      const topic = async (modelId: string) =>
        (
          await one(
            `INSERT INTO note_topics (company_id, model_id, topic, description)
             VALUES ($1, $2, 'Oil', 'Sampled') RETURNING id`,
            [company.id, modelId],
          )
        ).id as string;
      const [ta, tb] = [await topic(a), await topic(b)];
      await admin.query(
        `INSERT INTO note_comments (topic_id, description) VALUES ($1, 'one'), ($1, 'two'), ($2, 'three')`,
        [ta, tb],
      );
      await admin.query(
        `INSERT INTO sensor_point_notes (company_id, model_id, sensor_id, ts, y_position, description)
         VALUES ($1, $2, 'S1', now(), 1.5, 'Spike')`,
        [company.id, a],
      );

      expect(await migrate(pool)).toContain('0047_events_notes_distribution_key.sql');

      const rows = async (text: string, values: unknown[] = []) => (await admin.query(text, values)).rows;
      expect(
        await rows(
          'SELECT fault_event_id AS id, model_id FROM fault_event_recipients ORDER BY fault_event_id',
        ),
      ).toEqual([
        { id: a1, model_id: a },
        { id: b1, model_id: b },
      ]);
      expect(await rows('SELECT description, model_id FROM note_comments ORDER BY description')).toEqual([
        { description: 'one', model_id: a },
        { description: 'three', model_id: b },
        { description: 'two', model_id: a },
      ]);
      expect(
        await rows('SELECT count(*)::int AS n FROM sensor_point_notes WHERE model_id = $1', [a]),
      ).toEqual([{ n: 1 }]);
      // Each table's primary key leads with the model.
      expect(
        await rows(
          `SELECT c.conrelid::regclass::text AS table, array_agg(a.attname::text ORDER BY k.ord) AS columns
           FROM pg_constraint c CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
           WHERE c.contype = 'p' AND c.conrelid::regclass::text = ANY($1::text[])
           GROUP BY 1 ORDER BY 1`,
          [['fault_event_recipients', 'fault_events', 'note_comments', 'note_topics', 'sensor_point_notes']],
        ),
      ).toEqual([
        { table: 'fault_event_recipients', columns: ['model_id', 'fault_event_id', 'stage', 'email'] },
        { table: 'fault_events', columns: ['model_id', 'id'] },
        { table: 'note_comments', columns: ['model_id', 'id'] },
        { table: 'note_topics', columns: ['model_id', 'id'] },
        { table: 'sensor_point_notes', columns: ['model_id', 'id'] },
      ]);
      // Ids go on from the same sequence: clients see new ids after the old ones.
      const a3 = await event(a);
      expect(a3).toBeGreaterThan(b1);
      // A recipient or a comment under another model than its parent's is refused.
      await expect(
        admin.query(
          `INSERT INTO fault_event_recipients (model_id, fault_event_id, stage, email)
           VALUES ($1, $2, 'ack', 'z@example.com')`,
          [b, a1],
        ),
      ).rejects.toThrow(/foreign key/);
      await expect(
        admin.query(`INSERT INTO note_comments (model_id, topic_id, description) VALUES ($1, $2, 'x')`, [
          b,
          ta,
        ]),
      ).rejects.toThrow(/foreign key/);
      // Deleting a continued event clears the link only; deleting an event or a note takes its children.
      await admin.query('DELETE FROM fault_events WHERE model_id = $1 AND id = $2', [a, a1]);
      expect(await rows('SELECT model_id, reopened_from FROM fault_events WHERE id = $1', [a2])).toEqual([
        { model_id: a, reopened_from: null },
      ]);
      expect(await rows('SELECT fault_event_id AS id FROM fault_event_recipients')).toEqual([{ id: b1 }]);
      await admin.query('DELETE FROM note_topics WHERE model_id = $1 AND id = $2', [a, ta]);
      expect(await rows('SELECT description FROM note_comments')).toEqual([{ description: 'three' }]);
    } finally {
      await pool.end();
      await admin.end();
      await target.drop();
    }
  });
});

describe('migration 0052 (series latest values out of the catalogue, issue 28 item 3)', () => {
  it('moves each series’ latest value to series_latest, one source of truth, gone with its series', async () => {
    const target = await createTestDatabase();
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    const pool = new pg.Pool({ connectionString: target.url });
    try {
      // A database as it was before 0052, with a series that has data and one that has none yet.
      await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await admin.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const dir = path.join(import.meta.dirname, 'migrations');
      for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()) {
        if (name >= '0052') break;
        await admin.query(await readFile(path.join(dir, name), 'utf8'));
        await admin.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      }
      const one = async (text: string, values: unknown[] = []) =>
        (await admin.query(text, values)).rows[0] as Record<string, string>;
      const company = await one(
        `INSERT INTO companies (title, initial_code, start_date, end_date)
         VALUES ('Plant', 'PL', '2026-01-01', '2027-01-01') RETURNING id`,
      );
      const tag = await one(
        `INSERT INTO structure_items (company_id, item_type, title, equipment_group_type)
         VALUES ($1, 'EquipmentTag', 'T1', 'electric') RETURNING id`,
        [company.id],
      );
      const model = await one(
        `INSERT INTO equipment_models (company_id, equipment_tag_id, model_type_id, title, code)
         VALUES ($1, $2, 1, 'A1', 'A1') RETURNING id`,
        [company.id, tag.id],
      );
      const h2 = await one(
        `INSERT INTO series (model_id, tag, unit, last_ts, last_value)
         VALUES ($1, 'h2', 'ppm', '2026-11-27T10:00:00Z', 42.5) RETURNING id`,
        [model.id],
      );
      await one(`INSERT INTO series (model_id, tag) VALUES ($1, 'co') RETURNING id`, [model.id]);

      expect(await migrate(pool)).toContain('0052_series_latest.sql');

      const rows = async (text: string, values: unknown[] = []) => (await admin.query(text, values)).rows;
      expect(await rows('SELECT series_id AS id, last_ts, last_value FROM series_latest')).toEqual([
        { id: h2.id, last_ts: new Date('2026-11-27T10:00:00Z'), last_value: 42.5 },
      ]);
      expect(
        await rows(
          `SELECT column_name FROM information_schema.columns
           WHERE table_name = 'series' AND column_name IN ('last_ts', 'last_value')`,
        ),
      ).toEqual([]);
      expect(await rows('SELECT tag, unit FROM series ORDER BY tag')).toEqual([
        { tag: 'co', unit: '' },
        { tag: 'h2', unit: 'ppm' },
      ]);
      await admin.query('DELETE FROM equipment_models WHERE id = $1', [model.id]);
      expect(await rows('SELECT * FROM series_latest')).toEqual([]);
    } finally {
      await pool.end();
      await admin.end();
      await target.drop();
    }
  });
});
