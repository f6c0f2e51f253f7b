import { amplitudeSpectrum } from '@sdp/analytics';
import { withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

const N = 65_536;
const RUNS = 60;

await withBenchServer(
  async ({ server, plant }) => {
    const fs = 25_600;
    const samples = Float32Array.from(
      { length: N },
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
      capturedAt: new Date().toISOString(),
      unit: 'm/s2',
      fileName: 'bench.bin',
    });
    const stored = await fetch(`${server.url}/api/v1/ingest/waveforms?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/octet-stream' },
      body: Buffer.from(samples.buffer),
    });
    const { id } = (await stored.json()) as { id: string };
    const times: number[] = [];
    for (let run = 0; run < RUNS + 5; run++) {
      const t = performance.now();
      const response = await fetch(`${server.url}/api/v1/waveforms/${id}/spectrum`, {
        headers: { cookie: plant.cookie },
      });
      await response.json();
      if (run >= 5) times.push(performance.now() - t);
    }
    const local: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      amplitudeSpectrum(samples, fs);
      local.push(performance.now() - t);
    }
    const p95 = percentile(times, 95);
    console.log(
      `spectrum-query: ${N.toLocaleString('en')}-sample waveform, p95 ${p95.toFixed(1)} ms, p50 ${percentile(times, 50).toFixed(1)} ms over ${RUNS} requests (budget p95 ≤ 50 ms); baseline in-process spectrum p50 ${percentile(local, 50).toFixed(1)} ms; ${p95 <= 50 ? 'PASS' : 'FAIL'}`,
    );
  },
  {
    typeId: 5,
    sections: { raw_vibration_sensor_in: [{ sensorId: 'S1', sensorName: 'Bench', machine: 'driven' }] },
  },
);
