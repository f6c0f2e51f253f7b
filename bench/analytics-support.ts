// Shared timing helpers of the analytics benchmarks (not a benchmark itself).
import { spawnSync } from 'node:child_process';

/** Median wall time in ms of `fn` over `runs` calls after `warmup` calls. */
export function medianMs(fn: () => unknown, runs = 200, warmup = 50): number {
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * Median wall time in ms of `f()` in python3 with numpy/scipy, where `setup` defines `f`; null when python3
 * or numpy is not available (the benchmark then reports the baseline as n/a).
 */
export function numpyMedianMs(setup: string, runs = 200, warmup = 20): number | null {
  const script = [
    'import time',
    'import numpy as np',
    'import scipy.signal as sig',
    setup,
    `for _ in range(${warmup}): f()`,
    'ts = []',
    `for _ in range(${runs}):`,
    '    t = time.perf_counter(); f(); ts.append(time.perf_counter() - t)',
    'ts.sort()',
    'print(ts[len(ts) // 2] * 1000)',
  ].join('\n');
  const result = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
  const value = Number.parseFloat(result.stdout);
  return result.status === 0 && Number.isFinite(value) ? value : null;
}

/** A duration for the result line: two decimals below 10 ms, one above. */
export function ms(value: number | null): string {
  return value === null ? 'n/a' : `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}
