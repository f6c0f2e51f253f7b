// Budget (issue 6): a 65,536-point real spectrum in ≤ 3 × the time of numpy's rfft on the same input size.
// Measured: amplitudeSpectrum (Hann window, FFT, single-sided amplitude) and the bare realFft, median of 300
// runs; baseline numpy.fft.rfft of 65,536 random samples, median of 300 runs, timed in the same run.
import { amplitudeSpectrum, realFft } from '../packages/analytics/src/index.ts';
import { medianMs, ms, numpyMedianMs } from './analytics-support.ts';

const n = 65_536;
const signal = Float64Array.from({ length: n }, () => Math.random() * 2 - 1);
const spectrumMs = medianMs(() => amplitudeSpectrum(signal, 25_600), 300);
const fftMs = medianMs(() => realFft(signal), 300);
const numpyMs = numpyMedianMs(
  `x = np.random.default_rng(1).uniform(-1, 1, ${n})\ndef f(): np.fft.rfft(x)`,
  300,
);
const ratio = numpyMs === null ? null : spectrumMs / numpyMs;
console.log(
  `analytics-spectrum: amplitudeSpectrum ${n} median ${ms(spectrumMs)} (realFft alone ${ms(fftMs)}); numpy rfft median ${ms(numpyMs)}; ratio ${ratio === null ? 'n/a' : ratio.toFixed(2)} (budget ≤ 3) ${ratio !== null && ratio <= 3 ? 'PASS' : 'FAIL'}`,
);
