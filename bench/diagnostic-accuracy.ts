// Budget (issue 25 item 3): on the corpus of real recordings (packages/analytics/fixtures/real), 100 % of the
// labelled outer- and inner-race faults named at warning or above, 0 false alarms (bearing or gear at warning or
// above) on the healthy records. Every record goes through the real server: a fresh API server, an RVS model with
// one sensor per record (its bearing from the catalogue, its running speed), the capture sent to
// POST /api/v1/ingest/waveforms, the verdict read from GET /api/v1/rvs-failure-mode/model-failure-mode/:id.
// Baseline, same run: the engine called in process on the same samples (real-corpus.test-support.ts); the API's
// verdicts must equal it.
// Also (issue 25 item 4): the first learned-baseline warning against the first ISO 10816 warning on the IMS test 2 run
// to failure, as shares of its life; budget: learned first, none in the first 40 % of life.
import { rm } from 'node:fs/promises';
import {
  type CorpusVerdict,
  corpusAccuracy,
  diagnoseRecording,
  formatAccuracy,
  loadRealCorpus,
  realCorpusDir,
  recordAcceleration,
  verdictOf,
} from '../packages/analytics/src/real-corpus.test-support.ts';
import { adminEnv, BENCH_ADMIN, call, createBenchPlant } from './lib/api.ts';
import { baselineLeadTime } from './lib/baseline-lead-time.ts';
import { embeddedClient, freePort, freshDataDir, startServer } from './lib/server.ts';

const dir = realCorpusDir();
if (dir === null) {
  console.log(
    'diagnostic-accuracy: no copy of the real corpus (run packages/analytics/fixtures/real/convert.py, see its README); n/a',
  );
  process.exit(0);
}
const records = loadRealCorpus(dir);
// Issue 25 item 4: learned baseline against ISO 10816 on a real run to failure (bench/lib/baseline-lead-time.ts).
const leadTime = baselineLeadTime(dir);
console.log(
  leadTime?.line ?? 'baseline-lead-time: no ims2-life.json in the corpus copy (run convert.py again); n/a',
);
const INCH_MM = 25.4;
// Catalogue ids for the corpus's bearings, far above the shipped catalogue's.
const catalogue = new Map<string, number>();
for (const record of records) {
  const key = JSON.stringify(record.bearing);
  if (!catalogue.has(key)) catalogue.set(key, 9000 + catalogue.size + 1);
}

const dataDir = await freshDataDir();
const pgPort = await freePort();
const server = await startServer({
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  SDP_DEMO: '0',
  ROLE: 'api',
  ...adminEnv,
});
try {
  // The catalogue is master data the server reads once, on first use: the corpus's bearings go in before that.
  const db = await embeddedClient(dataDir, pgPort);
  for (const [key, id] of catalogue) {
    const g = JSON.parse(key) as (typeof records)[number]['bearing'];
    await db.query(
      `INSERT INTO bearings (id, designation, rolling_elements, ball_diameter_mm, pitch_diameter_mm, contact_angle_deg)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        id,
        `corpus ${id}`,
        g.rollingElements,
        g.ballDiameter * INCH_MM,
        g.pitchDiameter * INCH_MM,
        g.contactAngleDeg ?? 0,
      ],
    );
  }
  await db.end();
  const plant = await createBenchPlant(server.url, BENCH_ADMIN, 5, {
    raw_vibration_sensor_in: records.map((record) => ({
      sensorId: record.id,
      sensorName: record.id,
      machine: 'driven',
      bearingId: catalogue.get(JSON.stringify(record.bearing)),
      rotatingSpeed: record.shaftHz * 60,
    })),
  });
  const capturedAt = new Date(Date.now() - 3_600_000).toISOString();
  const started = performance.now();
  const local = new Map<string, CorpusVerdict>();
  for (const record of records) {
    const samples = recordAcceleration(dir, record);
    local.set(
      record.id,
      verdictOf(diagnoseRecording(samples, record.sampleRateHz, record.shaftHz, record.bearing)),
    );
    const query = new URLSearchParams({
      modelCode: plant.modelCode,
      sensor: record.id,
      kind: 'vibration',
      channel: 'x',
      sampleRate: String(record.sampleRateHz),
      capturedAt,
      unit: 'm/s2',
      fileName: `${record.id}.bin`,
    });
    const response = await fetch(`${server.url}/api/v1/ingest/waveforms?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/octet-stream' },
      body: Buffer.from(samples.buffer as ArrayBuffer),
    });
    if (!response.ok) throw new Error(`ingest ${record.id}: ${response.status} ${await response.text()}`);
  }
  type Chip = { mode: string; failure_desc: string };
  const rows = await call<{ sensor_id: string; alarms: Chip[]; warnings: Chip[] }[]>(
    server.url,
    plant.cookie,
    'GET',
    `/api/v1/rvs-failure-mode/model-failure-mode/${plant.modelId}`,
  );
  const seconds = (performance.now() - started) / 1000;
  const results = records.map((record) => {
    const row = rows.find((r) => r.sensor_id === record.id);
    if (!row) throw new Error(`no verdict for ${record.id}`);
    const chips = [...row.alarms, ...row.warnings];
    const bearing = chips.find((chip) => chip.mode === 'bearing');
    const verdict: CorpusVerdict = bearing
      ? /outer race/.test(bearing.failure_desc)
        ? 'outer_race'
        : /inner race/.test(bearing.failure_desc)
          ? 'inner_race'
          : /rolling element/.test(bearing.failure_desc)
            ? 'rolling_element'
            : 'cage'
      : chips.length > 0
        ? 'other'
        : 'none';
    return { label: record.label, verdict, agrees: verdict === local.get(record.id) };
  });
  const accuracy = corpusAccuracy(results);
  const raceFaults = results.filter((r) => r.label === 'outer_race' || r.label === 'inner_race');
  const raceRate = raceFaults.filter((r) => r.verdict === r.label).length / raceFaults.length;
  const agree = results.filter((r) => r.agrees).length;
  const pass = raceRate === 1 && accuracy.falseAlarmRate === 0 && agree === results.length;
  console.log(
    `diagnostic-accuracy: ${records.length} real records (${new Set(records.map((r) => r.dataset)).size} datasets) through ingest and analysis in ${seconds.toFixed(1)} s: ${formatAccuracy(accuracy)} (budget 100 % of outer/inner-race faults at warning or above, 0 false alarms); baseline in-process engine agrees on ${agree}/${results.length}; ${pass ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
