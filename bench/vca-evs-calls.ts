import { DEMO_SEED, demoPlant, modelSimulator } from '@sdp/simulator';
import { withBenchServer } from './lib/api.ts';
import { percentile } from './lib/server.ts';

// Every VCA and EVS chart data call (issue 13) on a year of the demo drive VSD1 and fan train FAN1: their scalars
// every 30 minutes as the demo sends them, and two output-current captures. Budget: p95 ≤ 100 ms per call.
const DAY = 86_400_000;
const STEP = 1_800_000;
const RUNS = 30;
const end = Date.parse('2026-11-22T02:00:00Z');
const origin = end - 365 * DAY;
const plantOf = (tag: string) => demoPlant.models.find((model) => model.tagCode === tag)!;
const { model_in: _vsdIn, ...vsdSections } = plantOf('VSD1').create;
const { model_in: _fanIn, ...fanSections } = plantOf('FAN1').create;

await withBenchServer(
  async ({ server, plant, database }) => {
    const post = async (path: string, body: unknown, auth: Record<string, string>) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', 'x-sdp-csrf': '1' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${await response.text()}`);
      return response.json() as Promise<{ id: string }>;
    };
    const fan = await post(
      '/api/v1/equipment-models',
      {
        equipment_tag_id: plant.tagId,
        model_in: { title: 'Bench fan', equipmentModelTypeId: 4 },
        ...fanSections,
      },
      { cookie: plant.cookie },
    );
    const fanCode = (
      (await (
        await fetch(`${server.url}/api/v1/equipment-models/${fan.id}`, { headers: { cookie: plant.cookie } })
      ).json()) as {
        modelCode: string;
      }
    ).modelCode;
    const key = { authorization: `Bearer ${plant.key}` };
    for (const [tag, code] of [
      ['VSD1', plant.modelCode],
      ['FAN1', fanCode],
    ] as const) {
      const simulator = modelSimulator(plantOf(tag), { seed: DEMO_SEED, origin, utcOffsetHours: 7 });
      let points: { tag: string; ts: number; value: number }[] = [];
      for (let t = origin + STEP; t <= end; t += STEP) {
        for (const [name, value] of Object.entries(simulator.sample(t)))
          points.push({ tag: name, ts: t, value });
        if (points.length >= 20_000) {
          await post('/api/v1/ingest/measurements', { modelCode: code, points }, key);
          points = [];
        }
      }
      if (points.length) await post('/api/v1/ingest/measurements', { modelCode: code, points }, key);
      if (tag === 'VSD1') {
        for (const at of [end - DAY, end]) {
          const capture = simulator.capture(at);
          for (const [i, channel] of simulator.waveforms.entries())
            await post(
              '/api/v1/ingest/waveforms',
              {
                modelCode: code,
                sensor: channel.sensor,
                kind: channel.kind,
                channel: channel.channel,
                sampleRate: channel.sampleRate,
                capturedAt: new Date(at).toISOString(),
                unit: channel.unit,
                fileName: `${channel.sensor}_${channel.channel}_${at}.f32`,
                samples: Array.from(capture[i]!),
              },
              key,
            );
        }
      }
    }
    const range = `startDate=${new Date(origin).toISOString()}&endDate=${new Date(end + 1).toISOString()}`;
    const vsd = plant.modelId;
    const file = encodeURIComponent(`vsd_a_${end}.f32`);
    const calls: [string, string][] = [
      ['vca diagram', `/api/v1/vca-result-data/diagram?modelId=${vsd}`],
      [
        'vca trend signal (7 tags)',
        `/api/v1/vca-model-trend-signal/trend-signal/new?modelId=${vsd}&isNormal=false&width=1000&${range}`,
      ],
      ['vca rul', `/api/v1/vca-result-data/rul?modelId=${vsd}&tagCode=dc_link_capacitor&width=1000&${range}`],
      [
        'vca temperature',
        `/api/v1/vca-result-data/temperature?modelId=${vsd}&tagCode=dc_link_capacitor&width=1000&${range}`,
      ],
      ['vca overall', `/api/v1/vca-result-data/overall?modelId=${vsd}`],
      ['vca file names', `/api/v1/vca-result-data/file-names?modelId=${vsd}&groupCode=TD`],
      ['vca time domain', `/api/v1/vca-result-data/time-domain?modelId=${vsd}&fileName=${file}`],
      ['vca frequency', `/api/v1/vca-result-data/frequency?modelId=${vsd}&fileName=${file}`],
      ['evs status', `/api/v1/evs/status?modelId=${fan.id}`],
      [
        'evs result (3 sensors)',
        `/api/v1/evs/result?modelId=${fan.id}&groupCode=Velocity&isNormal=false&width=1000&${range}`,
      ],
    ];
    const results: string[] = [];
    let worst = 0;
    for (const [name, path] of calls) {
      const times: number[] = [];
      for (let run = 0; run < RUNS + 3; run++) {
        const t = performance.now();
        const response = await fetch(`${server.url}${path}`, { headers: { cookie: plant.cookie } });
        if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        if (run >= 3) times.push(performance.now() - t);
      }
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      results.push(`${name} ${p95.toFixed(0)}`);
    }
    const client = await database();
    const raw: number[] = [];
    for (let run = 0; run < 5; run++) {
      const t = performance.now();
      await client.query(
        `SELECT m.ts, m.value FROM measurements m JOIN series s ON s.id = m.series_id
         WHERE s.model_id = $1 AND s.tag = 'dc_link_capacitor.temperature' ORDER BY m.ts`,
        [vsd],
      );
      raw.push(performance.now() - t);
    }
    await client.end();
    console.log(
      `vca-evs-calls: a year of VSD1 and FAN1 (30-min points), p95 ms per call over ${RUNS} requests: ${results.join(', ')}; worst p95 ${worst.toFixed(0)} ms (budget ≤ 100 ms); baseline raw SQL read of one year-long series p50 ${percentile(raw, 50).toFixed(0)} ms; ${worst <= 100 ? 'PASS' : 'FAIL'}`,
    );
  },
  { typeId: 3, sections: vsdSections },
);
