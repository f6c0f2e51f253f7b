/**
 * Seeded randomness. Every value the simulator produces is a pure function of (seed, names, instant): scalar
 * noise hashes the instant instead of drawing from a running generator, so a point at time t is the same
 * whether it was produced by the 90-day history or by a live tick, and pushing a range twice sends the same
 * bytes (the server then stores it once).
 */

const UINT32 = 4_294_967_296;

/** 32-bit FNV-1a hash of a string (UTF-16 code units). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The murmur3 32-bit finaliser: spreads every input bit over the output. */
function finalise(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit seed from any mix of numbers and strings (order matters). Numbers are taken as integers up to
 * 2^53 (epoch milliseconds fit), so an instant can be part of the key.
 */
export function mixSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x9e3779b9;
  const absorb = (word: number) => {
    hash = finalise(Math.imul(hash ^ word, 0x27d4eb2d) + 0x165667b1);
  };
  for (const part of parts) {
    if (typeof part === 'string') absorb(hashString(part));
    else {
      const whole = Math.trunc(part);
      absorb((whole % UINT32) >>> 0);
      absorb(Math.floor(whole / UINT32) >>> 0);
    }
  }
  return hash;
}

/** mulberry32: a fast 32-bit generator of uniform numbers in [0, 1); the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / UINT32;
  };
}

/** A standard normal sample (Box–Muller) from two uniforms of `random`. */
export function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Uniform in [0, 1) determined by the key alone. */
export function uniformAt(...key: readonly (number | string)[]): number {
  return mixSeed(...key) / UINT32;
}

/** Standard normal determined by the key alone (Box–Muller over two hashes of it). */
export function normalAt(...key: readonly (number | string)[]): number {
  const first = mixSeed(...key);
  const u = 1 - first / UINT32;
  const v = finalise(first ^ 0x5bd1e995) / UINT32;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Smooth noise in [−1, 1] over time: random knots every `periodMs` joined by cosine interpolation, for slow
 * wandering such as weather or process load. Pure in (key, t).
 */
export function smoothNoise(key: number, t: number, periodMs: number): number {
  const position = t / periodMs;
  const knot = Math.floor(position);
  const fraction = position - knot;
  const weight = (1 - Math.cos(Math.PI * fraction)) / 2;
  const a = 2 * uniformAt(key, knot) - 1;
  const b = 2 * uniformAt(key, knot + 1) - 1;
  return a + (b - a) * weight;
}
