import { withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

const FOLDERS = 200;
const TAGS_PER_FOLDER = 8;
const MODELS_PER_TAG = 2;
const RUNS = 60;

await withBenchServer(async ({ server, plant, database }) => {
  const client = await database();
  // The nodes are written directly: the bench measures reading the tree, not creating it.
  const root = (
    await client.query<{ id: string }>(
      'SELECT id FROM structure_items WHERE company_id = $1 AND is_primary_folder',
      [plant.companyId],
    )
  ).rows[0]?.id;
  const folders = await client.query<{ id: string }>(
    `INSERT INTO structure_items (company_id, parent_id, item_type, title) SELECT $1, $2, 'Folder', 'AREA ' || g FROM generate_series(1, $3) g RETURNING id`,
    [plant.companyId, root, FOLDERS],
  );
  const tags = await client.query<{ id: string }>(
    `INSERT INTO structure_items (company_id, parent_id, item_type, title, alias, equipment_group_type, pos_lat, pos_lng)
     SELECT $1, f, 'EquipmentTag', 'E' || row_number() OVER (), 'Equipment', 'rotating', 13.7, 100.5
     FROM unnest($2::uuid[]) f, generate_series(1, $3) RETURNING id`,
    [plant.companyId, folders.rows.map((row) => row.id), TAGS_PER_FOLDER],
  );
  await client.query(
    `INSERT INTO equipment_models (company_id, equipment_tag_id, model_type_id, title, code, status)
     SELECT $1, t, 5, 'Model ' || n, 'M' || row_number() OVER (), (row_number() OVER ()) % 3
     FROM unnest($2::uuid[]) t, generate_series(1, $3) n`,
    [plant.companyId, tags.rows.map((row) => row.id), MODELS_PER_TAG],
  );
  const nodes = 1 + FOLDERS + tags.rows.length * (1 + MODELS_PER_TAG);

  const url = `${server.url}/api/v1/structure-item-company?company_id=${plant.companyId}`;
  const times: number[] = [];
  for (let run = 0; run < RUNS + 5; run++) {
    const t = performance.now();
    const response = await fetch(url, { headers: { cookie: plant.cookie } });
    await response.arrayBuffer();
    if (run >= 5) times.push(performance.now() - t);
  }
  const raw: number[] = [];
  for (let run = 0; run < 20; run++) {
    const t = performance.now();
    await Promise.all([
      client.query('SELECT * FROM structure_items WHERE company_id = $1 AND NOT is_disabled', [
        plant.companyId,
      ]),
      client.query('SELECT * FROM equipment_models WHERE company_id = $1', [plant.companyId]),
    ]);
    raw.push(performance.now() - t);
  }
  await client.end();
  const p95 = percentile(times, 95);
  console.log(
    `tree-api: ${nodes.toLocaleString('en')} nodes, GET /structure-item-company p95 ${p95.toFixed(1)} ms, p50 ${percentile(times, 50).toFixed(1)} ms over ${RUNS} requests (budget p95 ≤ 50 ms); baseline raw SQL read of the rows p50 ${percentile(raw, 50).toFixed(1)} ms; ${p95 <= 50 ? 'PASS' : 'FAIL'}`,
  );
});
