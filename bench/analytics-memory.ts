// Budget (issue 6): memory flat over 10,000 repeated spectra. Run with --expose-gc.
// Measured: heap used after a forced GC, before and after 10,000 amplitudeSpectrum calls on 16,384 points
// (plans and windows are cached, so only each result is allocated and then collected). Baseline: the heap
// before the loop. PASS when the heap grows by less than 1 MB.
import { amplitudeSpectrum } from '../packages/analytics/src/index.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with: npx node --expose-gc bench/analytics-memory.ts');
const signal = Float64Array.from({ length: 16_384 }, () => Math.random() * 2 - 1);
amplitudeSpectrum(signal, 25_600);
gc();
const before = process.memoryUsage().heapUsed;
let checksum = 0;
for (let i = 0; i < 10_000; i++) checksum += amplitudeSpectrum(signal, 25_600).amplitude[100]!;
gc();
const after = process.memoryUsage().heapUsed;
const growthMb = (after - before) / 2 ** 20;
console.log(
  `analytics-memory: heap before ${(before / 2 ** 20).toFixed(2)} MB, after 10,000 spectra ${(after / 2 ** 20).toFixed(2)} MB, growth ${growthMb.toFixed(3)} MB (budget < 1 MB; checksum ${checksum.toFixed(3)}) ${growthMb < 1 ? 'PASS' : 'FAIL'}`,
);
