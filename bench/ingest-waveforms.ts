// Issue 28 item 1: binary waveform ingest of 65,536-sample captures (float32, 256 KiB each), stored and analysed, in
// captures per second, against writing the same bytes into `waveforms` with COPY in the same run. The server runs the
// API and the workers (ROLE=all): a capture counts once the analysis has taken it (analysed_at set).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { parseServerTiming } from '../apps/server/src/lib/phases.ts';
import { withBenchServer } from './lib/api.ts';

const N = 65_536;
const CAPTURES = Number(process.env.BENCH_WAVEFORMS ?? 400);
const CLIENTS = 4;
const fs = 25_600;
const SENSORS = ['S1', 'S2'];

await withBenchServer(
  async ({ server, plant, database }) => {
    // Bodies built before timing: a bearing tone, its harmonic and a little noise, a different phase per capture.
    const bodies = Array.from({ length: CAPTURES }, (_, c) =>
      Buffer.from(
        Float32Array.from(
          { length: N },
          (_, i) =>
            Math.sin((2 * Math.PI * 24.7 * i) / fs + c) +
            0.3 * Math.sin((2 * Math.PI * 107.4 * i) / fs) +
            0.05 * Math.sin(i * 1.7 + c),
        ).buffer,
      ),
    );
    const start = Date.now() - CAPTURES * 60_000;
    const phases = new Map<string, number>();
    let next = 0;
    const client = await database();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < CAPTURES) {
          const c = next++;
          const query = new URLSearchParams({
            modelCode: plant.modelCode,
            sensor: SENSORS[c % SENSORS.length] as string,
            kind: 'vibration',
            channel: 'x',
            sampleRate: String(fs),
            capturedAt: new Date(start + c * 60_000).toISOString(),
            unit: 'm/s2',
            fileName: `bench-${c}.bin`,
          });
          const response = await fetch(`${server.url}/api/v1/ingest/waveforms?${query}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${plant.key}`, 'content-type': 'application/octet-stream' },
            body: bodies[c],
          });
          for (const [phase, ms] of parseServerTiming(response.headers.get('server-timing')))
            phases.set(phase, (phases.get(phase) ?? 0) + ms);
          const result = (await response.json()) as { duplicate?: boolean };
          if (!response.ok || result.duplicate) throw new Error(`capture ${c}: ${JSON.stringify(result)}`);
        }
      }),
    );
    const storedSeconds = (performance.now() - started) / 1000;
    // Analysed: every capture taken by the analysis job (it runs on the server's workers as they arrive).
    for (;;) {
      const { rows } = await client.query<{ left: string }>(
        'SELECT count(*) AS left FROM waveforms WHERE model_id = $1 AND analysed_at IS NULL',
        [plant.modelId],
      );
      if (Number(rows[0]?.left) === 0) break;
      if (performance.now() - started > 600_000)
        throw new Error(`${rows[0]?.left} captures not analysed in 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const analysedSeconds = (performance.now() - started) / 1000;

    // Baseline: the same bytes written straight into waveforms with one binary COPY (rows built before timing).
    const copyRows = bodies.map((samples, c) => {
      const text = [
        plant.modelId,
        'COPY',
        'vibration',
        'x',
        String(fs),
        new Date(start + c * 60_000).toISOString(),
        'm/s2',
        `copy-${c}.bin`,
        `copy-${c}.bin`,
        String(N),
      ];
      return `${text.join('\t')}\t\\\\x${samples.toString('hex')}\n`;
    });
    const copyStarted = performance.now();
    await pipeline(
      Readable.from(copyRows),
      client.query(
        copyFrom(
          'COPY waveforms (model_id, sensor, kind, channel, sample_rate, captured_at, unit, file_name, alias, length, samples) FROM STDIN',
        ),
      ),
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    await client.end();

    const storedRate = CAPTURES / storedSeconds;
    const analysedRate = CAPTURES / analysedSeconds;
    const copyRate = CAPTURES / copySeconds;
    const split = [...phases].map(([phase, ms]) => `${phase} ${(ms / CAPTURES).toFixed(1)}`).join(', ');
    const pass = analysedRate >= 200;
    console.log(
      `ingest-waveforms: ${CAPTURES} captures of ${N.toLocaleString('en')} float32 samples (${CLIENTS} clients): stored ${storedRate.toFixed(0)}/s, stored and analysed ${analysedRate.toFixed(0)}/s (budget ≥ 200/s); baseline COPY of the same bytes into waveforms ${copyRate.toFixed(0)}/s (ratio stored ${(storedRate / copyRate).toFixed(2)}); server ms per capture: ${split}; ${pass ? 'PASS' : 'FAIL'}`,
    );
  },
  {
    typeId: 5,
    sections: {
      raw_vibration_sensor_in: SENSORS.map((sensorId) => ({
        sensorId,
        sensorName: `Bench ${sensorId}`,
        machine: 'driven',
        rotatingSpeed: 1480,
      })),
    },
  },
  {
    ROLE: 'all',
    // BENCH_SERVER_NODE_OPTIONS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server while it ingests.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  },
);
