// Budget (issue 12): every transformer chart data call on a year of demo data answers with p95 ≤ 100 ms.
// Measured: an API-only server with a transformer created like the demo plant's TX1 (its V–I loci and correlation
// pair); a year of TX1's simulated history (every tag on its interval, daily V–I locus captures) pushed through
// the ingest API, then each chart call over the whole year, 40 requests after 5 warm-ups. Baseline: the raw SQL
// read of the same rows (every stored point of the series the call reads, or the two captures), in the same run.
import { DAY_MS, DEMO_SEED, demoPlant, historyBatches, pushBatch } from '../packages/simulator/src/index.ts';
import { withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

const DAYS = 365;
const RUNS = 40;
const BUDGET_MS = 100;
const WIDTH = 1200;

const tx1 = demoPlant.models.find((model) => model.code.startsWith('TX1'));
if (!tx1) throw new Error('the demo plant has no TX1');
const { model_in: _model, ...sections } = tx1.create as { model_in: unknown } & Record<string, unknown>;

await withBenchServer(
  async ({ server, plant, database }) => {
    const to = Date.now();
    const from = to - DAYS * DAY_MS;
    const yearPlant = { ...demoPlant, models: [{ ...tx1, code: plant.modelCode }] };
    const items = historyBatches(yearPlant, { from, to, seed: DEMO_SEED });
    let points = 0;
    const pushStarted = performance.now();
    // Three clients, as the demo stream pushes.
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let next = items.next(); !next.done; next = items.next()) {
          if (next.value.kind === 'measurements') points += next.value.body.points.length;
          await pushBatch(server.url, plant.key, next.value);
        }
      }),
    );
    const pushS = (performance.now() - pushStarted) / 1000;

    const get = async (path: string) => {
      const response = await fetch(`${server.url}/api/v1${path}`, { headers: { cookie: plant.cookie } });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };
    const range = `startDate=${new Date(from).toISOString()}&endDate=${new Date(to).toISOString()}`;
    const id = plant.modelId;
    const files = (await get(`/vi-locus/files?modelId=${id}&locusName=Phase%20A`)) as {
      default: { presentFile: string; laseFile: string };
    };
    const client = await database();
    const rawSeries = async (tags: string[]) => {
      const { rows } = await client.query(
        `SELECT s.tag, m.ts, m.value FROM measurements m JOIN series s ON s.id = m.series_id
         WHERE s.model_id = $1 AND s.tag = ANY($2) AND m.ts >= $3 AND m.ts <= $4 ORDER BY s.tag, m.ts`,
        [id, tags, new Date(from), new Date(to)],
      );
      return rows.length;
    };
    const rawCaptures = async () => {
      const { rows } = await client.query(
        `SELECT kind, samples FROM waveforms WHERE model_id = $1 AND sensor = 'Phase A' AND file_name = ANY($2)`,
        [id, [files.default.presentFile, files.default.laseFile]],
      );
      return rows.length;
    };
    const calls: { name: string; path: string; raw: (answer: unknown) => Promise<number> }[] = [
      {
        name: 'health (tab 1)',
        path: `/health_monitoring/tr-model-result-data/new?modelId=${id}&sensorId=1&isNormal=false&width=${WIDTH}&${range}`,
        raw: (answer) => rawSeries((answer as { tagCode: string }[]).map((one) => one.tagCode)),
      },
      {
        name: 'dga-raw',
        path: `/advance-analysis/dga-raw?modelId=${id}&sensorType=main_tank&${range}`,
        raw: () => rawSeries(['ch4', 'c2h4', 'c2h2']),
      },
      {
        name: 'losses',
        path: `/advance-analysis/transformer-losses?modelId=${id}&width=${WIDTH}&${range}`,
        raw: () => rawSeries(['load_factor']),
      },
      {
        name: 'vi-locus',
        path: `/vi-locus/result?modelId=${id}&locusName=Phase%20A&presentFile=${encodeURIComponent(files.default.presentFile)}&lastFile=${encodeURIComponent(files.default.laseFile)}`,
        raw: rawCaptures,
      },
      {
        name: 'score',
        path: `/correlation/score-result?modelId=${id}&score=top_oil_temperature_vs_load_factor&width=${WIDTH}&${range}`,
        raw: () => rawSeries(['top_oil_temperature_vs_load_factor']),
      },
      {
        name: 'tag A×B',
        path: `/correlation/tag-result?modelId=${id}&tagA=load_factor&tagB=top_oil_temperature&${range}`,
        raw: () => rawSeries(['load_factor', 'top_oil_temperature']),
      },
    ];
    const results: string[] = [];
    let worst = 0;
    for (const call of calls) {
      const times: number[] = [];
      let answer: unknown;
      for (let run = 0; run < RUNS + 5; run++) {
        const started = performance.now();
        answer = await get(call.path);
        if (run >= 5) times.push(performance.now() - started);
      }
      const rawTimes: number[] = [];
      let rows = 0;
      for (let run = 0; run < 5; run++) {
        const started = performance.now();
        rows = await call.raw(answer);
        rawTimes.push(performance.now() - started);
      }
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      results.push(
        `${call.name} p95 ${p95.toFixed(1)} ms (raw ${rows.toLocaleString('en')} rows p50 ${percentile(rawTimes, 50).toFixed(1)} ms)`,
      );
    }
    await client.end();
    console.log(
      `transformer-calls: a year of TX1 (${points.toLocaleString('en')} points pushed in ${pushS.toFixed(0)} s), ${RUNS} requests each: ${results.join('; ')}; worst p95 ${worst.toFixed(1)} ms (budget ≤ ${BUDGET_MS} ms); baseline the raw read of the same rows; ${worst <= BUDGET_MS ? 'PASS' : 'FAIL'}`,
    );
  },
  { typeId: 1, sections },
);
