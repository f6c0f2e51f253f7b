import { describe, expect, it } from 'vitest';
import { gaussian, hashString, mixSeed, mulberry32, normalAt, smoothNoise, uniformAt } from './random.ts';

describe('seeded randomness', () => {
  it('hashes strings with FNV-1a (reference values)', () => {
    // FNV-1a 32-bit test vectors: '' → 0x811c9dc5, 'a' → 0xe40c292c, 'foobar' → 0xbf9cf968.
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('foobar')).toBe(0xbf9cf968);
  });

  it('mixes keys in order, including instants beyond 32 bits', () => {
    expect(mixSeed(7, 'TX1-TR1', 1_763_812_800_000)).toBe(mixSeed(7, 'TX1-TR1', 1_763_812_800_000));
    expect(mixSeed(7, 'a', 'b')).not.toBe(mixSeed(7, 'b', 'a'));
    // Instants that differ only above bit 32 still give other seeds.
    expect(mixSeed(1_763_812_800_000)).not.toBe(mixSeed(1_763_812_800_000 + 2 ** 32));
  });

  it('repeats a mulberry32 sequence for the same seed and not for another', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    for (const value of draw(1)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('draws standard normal values: mean 0 and deviation 1 within 3 % over 20,000 samples', () => {
    const random = mulberry32(3);
    const fromStream = Array.from({ length: 20_000 }, () => gaussian(random));
    const fromKeys = Array.from({ length: 20_000 }, (_, i) => normalAt(5, 'key', i));
    for (const values of [fromStream, fromKeys]) {
      const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
      const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
      expect(Math.abs(mean)).toBeLessThan(0.03);
      expect(Math.abs(sd - 1)).toBeLessThan(0.03);
    }
    const uniforms = Array.from({ length: 20_000 }, (_, i) => uniformAt(9, i));
    expect(uniforms.reduce((sum, v) => sum + v, 0) / uniforms.length).toBeCloseTo(0.5, 1);
  });

  it('wanders smoothly within ±1 through its knots', () => {
    const period = 1000;
    let previous = smoothNoise(11, 0, period);
    for (let t = 10; t <= 20_000; t += 10) {
      const value = smoothNoise(11, t, period);
      expect(Math.abs(value)).toBeLessThanOrEqual(1);
      // Cosine interpolation between knots at most 2 apart: slope ≤ π/2 · 2 per period.
      expect(Math.abs(value - previous)).toBeLessThan((Math.PI * 10) / period + 1e-9);
      previous = value;
    }
    expect(smoothNoise(11, 3 * period, period)).toBeCloseTo(2 * uniformAt(11, 3) - 1, 12);
  });
});
