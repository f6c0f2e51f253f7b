// Budget (issue 6): envelope spectrum of 65,536 points ≤ 15 ms median.
// Measured: envelopeSpectrum (4th-order Butterworth band-pass 500–5000 Hz zero-phase, Hilbert envelope,
// Hann spectrum) at 25.6 kHz, median of 100 runs. Baseline: the same pipeline in scipy (sosfiltfilt,
// hilbert, rfft), median of 100 runs, timed in the same run.
import { envelopeSpectrum } from '../packages/analytics/src/index.ts';
import { medianMs, ms, numpyMedianMs } from './analytics-support.ts';

const n = 65_536;
const fs = 25_600;
const signal = Float64Array.from({ length: n }, () => Math.random() * 2 - 1);
const envelopeMs = medianMs(() => envelopeSpectrum(signal, fs), 100, 20);
const scipyMs = numpyMedianMs(
  [
    `x = np.random.default_rng(1).uniform(-1, 1, ${n})`,
    `sos = sig.butter(4, [500, 5000], 'bandpass', fs=${fs}, output='sos')`,
    `w = sig.get_window('hann', ${n})`,
    'def f():',
    '    e = np.abs(sig.hilbert(sig.sosfiltfilt(sos, x)))',
    '    np.abs(np.fft.rfft((e - e.mean()) * w)) * 2 / w.sum()',
  ].join('\n'),
  100,
  10,
);
console.log(
  `analytics-envelope: envelopeSpectrum ${n} median ${ms(envelopeMs)}; scipy sosfiltfilt+hilbert+rfft median ${ms(scipyMs)} (budget ≤ 15 ms) ${envelopeMs <= 15 ? 'PASS' : 'FAIL'}`,
);
