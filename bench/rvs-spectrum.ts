// Budgets (issue 14): the RVS 2D spectrum call of a 65,536-sample capture p95 ≤ 50 ms; the waterfall of 30
// captures × 8,192 lines answered with each line reduced to the chart width (payload ≤ 30 × width points).
// Baseline, same run: the raw read of the same capture through the API (`/waveforms/:id/time?width=10`: the
// samples read and decoded, almost nothing sent).
import { withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

const N = 65_536;
const WATERFALL_CAPTURES = 30;
/** 16,384 samples: 8,192 spectral lines each. */
const WATERFALL_SAMPLES = 16_384;
const WIDTH = 1_000;
const RUNS = 60;
const fs = 25_600;

await withBenchServer(
  async ({ server, plant }) => {
    const store = async (length: number, capturedAt: Date, fileName: string) => {
      const samples = Float32Array.from(
        { length },
        (_, i) =>
          Math.sin((2 * Math.PI * 24.7 * i) / fs) +
          0.3 * Math.sin((2 * Math.PI * 107.4 * i) / fs) +
          0.05 * Math.sin(i * 1.7),
      );
      const query = new URLSearchParams({
        modelCode: plant.modelCode,
        sensor: 'S1',
        kind: 'vibration',
        channel: 'x',
        sampleRate: String(fs),
        capturedAt: capturedAt.toISOString(),
        unit: 'm/s2',
        fileName,
      });
      const response = await fetch(`${server.url}/api/v1/ingest/waveforms?${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/octet-stream' },
        body: Buffer.from(samples.buffer),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const get = async (path: string) => {
      const t = performance.now();
      const response = await fetch(`${server.url}${path}`, { headers: { cookie: plant.cookie } });
      const body = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`);
      return { ms: performance.now() - t, bytes: body.length, body };
    };
    const timed = async (path: string, runs: number) => {
      const times: number[] = [];
      let last = { ms: 0, bytes: 0, body: '' };
      for (let run = 0; run < runs + 5; run++) {
        last = await get(path);
        if (run >= 5) times.push(last.ms);
      }
      return { times, last };
    };

    const start = Date.now() - 40 * 86_400_000;
    const id = await store(N, new Date(start), 'bench-65536.bin');
    const spectrum = await timed(
      `/api/v1/rvs-graph-result/spectrum?modelId=${plant.modelId}&sensor=S1&phase=velocity&axis=x&fileNames=bench-65536.bin`,
      RUNS,
    );
    const raw = await timed(`/api/v1/waveforms/${id}/time?width=10`, RUNS);

    const names: string[] = [];
    for (let i = 0; i < WATERFALL_CAPTURES; i++) {
      const name = `bench-wf-${i}.bin`;
      await store(WATERFALL_SAMPLES, new Date(start + (i + 1) * 86_400_000), name);
      names.push(name);
    }
    const waterfall = await timed(
      `/api/v1/rvs-graph-result/waterfall?modelId=${plant.modelId}&sensorId=S1&phase=acceleration&axis=x&width=${WIDTH}&fileNames=${names.join(',')}`,
      10,
    );
    const lines = (JSON.parse(waterfall.last.body) as { series: { data: unknown[] }[] }).series;
    const points = lines.reduce((sum, line) => sum + line.data.length, 0);
    const p95 = percentile(spectrum.times, 95);
    const pass = p95 <= 50 && lines.length === WATERFALL_CAPTURES && points <= WATERFALL_CAPTURES * WIDTH;
    console.log(
      `rvs-spectrum: 2D spectrum of a ${N.toLocaleString('en')}-sample capture p95 ${p95.toFixed(1)} ms, p50 ${percentile(spectrum.times, 50).toFixed(1)} ms over ${RUNS} requests (budget p95 ≤ 50 ms); baseline raw read p95 ${percentile(raw.times, 95).toFixed(1)} ms; waterfall ${lines.length} captures × 8,192 lines → ${points.toLocaleString('en')} points (≤ ${WIDTH} per line), ${(waterfall.last.bytes / 1024).toFixed(0)} KB, p95 ${percentile(waterfall.times, 95).toFixed(0)} ms; ${pass ? 'PASS' : 'FAIL'}`,
    );
  },
  {
    typeId: 5,
    sections: {
      raw_vibration_sensor_in: [
        { sensorId: 'S1', sensorName: 'Bench', machine: 'driven', rotatingSpeed: 1480 },
      ],
    },
  },
);
