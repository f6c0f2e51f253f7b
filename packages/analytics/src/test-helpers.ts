/** Helpers shared by the tests of this package (not exported by the barrel). */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/** Parses fixtures/<name> written by fixtures/make_fixtures.py. */
export function loadFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

/** Deterministic uniform generator in [0, 1) (mulberry32), so random tests are repeatable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic standard normal samples (Box–Muller over {@link seededRandom}). */
export function gaussianNoise(length: number, seed: number, sigma = 1): Float64Array {
  const random = seededRandom(seed);
  const out = new Float64Array(length);
  for (let i = 0; i < length; i += 2) {
    const u = 1 - random();
    const v = random();
    const r = sigma * Math.sqrt(-2 * Math.log(u));
    out[i] = r * Math.cos(2 * Math.PI * v);
    if (i + 1 < length) out[i + 1] = r * Math.sin(2 * Math.PI * v);
  }
  return out;
}

/** A sampled sine: amplitude·sin(2π·f·n/fs + phase). */
export function sine(
  length: number,
  sampleRateHz: number,
  frequencyHz: number,
  amplitude = 1,
  phase = 0,
): Float64Array {
  return Float64Array.from(
    { length },
    (_, n) => amplitude * Math.sin((2 * Math.PI * frequencyHz * n) / sampleRateHz + phase),
  );
}

/** Asserts |actual[i] − expected[i]| ≤ tolerance for every i, reporting the worst index. */
export function expectAllClose(
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  tolerance: number,
): void {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  let at = 0;
  for (let i = 0; i < expected.length; i++) {
    const error = Math.abs(actual[i]! - expected[i]!);
    if (!(error <= worst)) {
      worst = error;
      at = i;
    }
  }
  expect(worst, `largest error at index ${at}`).toBeLessThanOrEqual(tolerance);
}

/** Largest absolute value of `values`. */
export function maxAbs(values: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, Math.abs(values[i]!));
  return max;
}
