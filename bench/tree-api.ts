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
  const get = async (etag?: string) => {
    const t = performance.now();
    // Node's fetch keeps no HTTP cache: every request reaches the server as written.
    const response = await fetch(url, {
      headers: { cookie: plant.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    await response.arrayBuffer();
    return { ms: performance.now() - t, status: response.status, etag: response.headers.get('etag') ?? '' };
  };
  // Moves the structure version as any change the tree shows would (the trigger fires on every row update).
  const touch = () => client.query('UPDATE structure_items SET title = title WHERE id = $1', [root]);

  // First load after a change: the rows are read and the tree built and serialised.
  const first: number[] = [];
  for (let run = 0; run < RUNS + 5; run++) {
    await touch();
    const { ms, status } = await get();
    if (status !== 200) throw new Error(`tree answered ${status}`);
    if (run >= 5) first.push(ms);
  }
  // Repeat loads of an unchanged tree: revalidation (304) as a browser does it, and the cached body without it.
  const { etag } = await get();
  const revalidated: number[] = [];
  const cached: number[] = [];
  // Each kind in a run of its own, as a browser revalidates: a megabyte body before every 304 would time the
  // collection of the previous answer's garbage, not the revalidation.
  for (let run = 0; run < RUNS + 5; run++) {
    const hit = await get(etag);
    if (hit.status !== 304) throw new Error(`revalidation answered ${hit.status}`);
    if (run >= 5) revalidated.push(hit.ms);
  }
  for (let run = 0; run < RUNS + 5; run++) {
    const body = await get();
    if (run >= 5) cached.push(body.ms);
  }
  // The floor of any request on this server and client: /healthz (one SELECT 1).
  const floor: number[] = [];
  for (let run = 0; run < RUNS + 5; run++) {
    const t = performance.now();
    await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    if (run >= 5) floor.push(performance.now() - t);
  }
  // Baseline: the raw read of the rows the tree is built from (the repository's four statements).
  const raw: number[] = [];
  for (let run = 0; run < RUNS + 5; run++) {
    const t = performance.now();
    // One connection runs its statements one after another; awaited in turn, as pg asks.
    await client.query('SELECT * FROM structure_items WHERE company_id = $1 AND NOT is_disabled', [
      plant.companyId,
    ]);
    await client.query('SELECT * FROM equipment_models WHERE company_id = $1', [plant.companyId]);
    await client.query('SELECT * FROM equipment_model_offlines WHERE company_id = $1', [plant.companyId]);
    await client.query(
      'SELECT i.* FROM equipment_tag_images i JOIN structure_items s ON s.id = i.equipment_tag_id WHERE s.company_id = $1',
      [plant.companyId],
    );
    if (run >= 5) raw.push(performance.now() - t);
  }
  await client.end();
  const firstP95 = percentile(first, 95);
  const rawP95 = percentile(raw, 95);
  const repeatP95 = percentile(revalidated, 95);
  const pass = repeatP95 <= 5 && firstP95 <= 1.2 * rawP95;
  console.log(
    `tree-api: ${nodes.toLocaleString('en')} nodes, ${RUNS} requests each; repeat load (304) p95 ${repeatP95.toFixed(1)} ms (budget ≤ 5 ms; /healthz p95 ${percentile(floor, 95).toFixed(1)} ms), cached body p95 ${percentile(cached, 95).toFixed(1)} ms; first load after a change p95 ${firstP95.toFixed(1)} ms vs raw SQL read of its rows p95 ${rawP95.toFixed(1)} ms = ${(firstP95 / rawP95).toFixed(2)}× (budget ≤ 1.2×); ${pass ? 'PASS' : 'FAIL'}`,
  );
});
