import { afterAll, describe, expect, it } from 'vitest';
import { parseIngestJson, spectrumToWidth } from './compute-tasks.ts';
import { HttpError } from './http-error.ts';
import { createComputePool } from './worker-pool.ts';

const fixtures = new URL('../../test/compute-fixtures.ts', import.meta.url);

describe('spectrumToWidth', () => {
  it('keeps a spectrum that fits, and reduces one that does not to whole-bin column peaks', () => {
    const amplitude = Float64Array.from({ length: 10 }, (_, k) => (k === 7 ? 9 : k / 10));
    expect(spectrumToWidth(amplitude, 0.5, 10)).toEqual({ resolutionHz: 0.5, amplitude, binsPerPoint: 1 });
    // 10 bins into at most 4 columns: 3 bins each (the last holds one), the column of bin 7 keeps its 9.
    expect(spectrumToWidth(amplitude, 0.5, 4)).toEqual({
      resolutionHz: 1.5,
      amplitude: Float64Array.from([0.2, 0.5, 9, 0.9]),
      binsPerPoint: 3,
    });
  });
});

describe('parseIngestJson', () => {
  it('refuses invalid JSON with 400 and too many points or samples with 413', () => {
    expect(() => parseIngestJson(new TextEncoder().encode('{"points":'))).toThrow(HttpError);
    const tooMany = new TextEncoder().encode(JSON.stringify({ points: Array(100_001).fill(0) }));
    expect(() => parseIngestJson(tooMany)).toThrow('At most 100000 points per request.');
    const samples = new TextEncoder().encode(JSON.stringify({ samples: Array(1_048_577).fill(0) }));
    expect(() => parseIngestJson(samples)).toThrow('A waveform holds at most 1048576 samples.');
    expect(parseIngestJson(new TextEncoder().encode('{"points":[1]}'))).toEqual({ points: [1] });
  });
});

describe('the compute pool', () => {
  const pool = createComputePool(1);
  afterAll(() => pool.close());

  it("runs a feature's task on a thread, and answers the caller's refusals with their status", async () => {
    expect(await pool.call(fixtures, 'doubleTask', Float64Array.from([1, 2.5]))).toEqual(
      Float64Array.from([2, 5]),
    );
    const refusal = await pool
      .run({ task: 'parseJson', body: new TextEncoder().encode('nope') })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(400);
  });

  it('fails only the task whose thread died or broke, and keeps serving', async () => {
    await expect(pool.call(fixtures, 'exitTask', null)).rejects.toThrow(
      'A compute worker stopped (exit code 3).',
    );
    await expect(pool.call(fixtures, 'faultTask', null)).rejects.toThrow('broken on purpose');
    await expect(pool.call(fixtures, 'missingTask', null)).rejects.toThrow('exports no task missingTask');
    expect(await pool.call(fixtures, 'doubleTask', Float64Array.from([4]))).toEqual(Float64Array.from([8]));
    expect(pool.stats()).toEqual({ workers: 1, busy: 0, queued: 0 });
  });
});
