// Budget (issue 7): the demo seed (90 days of history generated and pushed through the HTTP ingest API)
// finishes in ≤ 60 s on first start. This measures the simulator's share: generating the 90-day history in
// memory and serialising it as runDemo does (JSON bodies, float32 waveform bytes), no network. Baseline:
// filling as many Float64 values (points + waveform samples) with Math.random, in the same run. PASS when
// generation takes at most a sixth of the budget (10 s), leaving the rest to HTTP, storage and analysis.
import { DAY_MS, DEMO_SEED, demoPlant, historyBatches } from '../packages/simulator/src/index.ts';

const budgetMs = 10_000;
const now = Date.now();
const started = performance.now();
let points = 0;
let waveforms = 0;
let samples = 0;
let jsonBytes = 0;
let waveformBytes = 0;
for (const item of historyBatches(demoPlant, { from: now - 90 * DAY_MS, to: now, seed: DEMO_SEED })) {
  if (item.kind === 'measurements') {
    points += item.body.points.length;
    jsonBytes += Buffer.byteLength(JSON.stringify(item.body));
  } else {
    waveforms++;
    samples += item.samples.length;
    waveformBytes += item.samples.byteLength;
  }
}
const generationMs = performance.now() - started;

const baselineStarted = performance.now();
const values = new Float64Array(points + samples);
for (let i = 0; i < values.length; i++) values[i] = Math.random();
const baselineMs = performance.now() - baselineStarted;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString('en-US');
console.log(
  `simulator-history: 90 days → ${count(points)} points, ${count(waveforms)} waveforms, ` +
    `${mb(jsonBytes + waveformBytes)} (JSON ${mb(jsonBytes)} + float32 ${mb(waveformBytes)}) generated in ` +
    `${(generationMs / 1000).toFixed(2)} s; baseline Math.random fill of ${count(values.length)} Float64 ` +
    `${(baselineMs / 1000).toFixed(2)} s (×${(generationMs / baselineMs).toFixed(1)}); ` +
    `budget: generation ≤ 10 s of the 60 s seed ${generationMs <= budgetMs ? 'PASS' : 'FAIL'}`,
);
