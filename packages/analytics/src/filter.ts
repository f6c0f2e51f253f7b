/**
 * Butterworth IIR filters as cascaded second-order sections (SOS), their forward filtering and the
 * zero-phase forward-backward form. Design follows scipy.signal.butter (analog prototype, frequency
 * transform, bilinear transform with pre-warping); `sosFiltFilt` reproduces scipy.signal.sosfiltfilt with
 * its default odd padding of 3·(2·sections + 1) samples and steady-state initial conditions (sosfilt_zi).
 */
import {
  ANALYTICS_ERROR_CODES,
  AnalyticsInputError,
  assertFiniteSignal,
  assertIntegerInRange,
  assertSampleRate,
} from './errors.ts';

/** Filter shapes offered by {@link butterworth}. */
export type ButterworthType = 'lowpass' | 'highpass' | 'bandpass';

/** Second-order sections, six coefficients each: b0, b1, b2, a0 (= 1), a1, a2 (scipy's sos layout). */
export interface SosFilter {
  readonly sections: Float64Array;
  readonly sectionCount: number;
}

type Complex = readonly [number, number];

const mul = (a: Complex, b: Complex): Complex => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const div = (a: Complex, b: Complex): Complex => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};
const sqrt = (a: Complex): Complex => {
  const r = Math.hypot(a[0], a[1]);
  const re = Math.sqrt((r + a[0]) / 2);
  const im = Math.sqrt(Math.max(0, (r - a[0]) / 2));
  return [re, a[1] < 0 ? -im : im];
};

function validateCutoffs(
  type: ButterworthType,
  cutoffHz: number | readonly [number, number],
  fs: number,
): number[] {
  const cutoffs = typeof cutoffHz === 'number' ? [cutoffHz] : [...cutoffHz];
  if (cutoffs.length !== (type === 'bandpass' ? 2 : 1)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `${type} needs ${type === 'bandpass' ? 'two cut-off frequencies [low, high]' : 'one cut-off frequency'}`,
    );
  }
  for (const f of cutoffs) {
    if (!(Number.isFinite(f) && f > 0 && f < fs / 2)) {
      throw new AnalyticsInputError(
        ANALYTICS_ERROR_CODES.outOfRange,
        `cut-off ${f} Hz must lie strictly between 0 and the Nyquist frequency ${fs / 2} Hz`,
      );
    }
  }
  if (cutoffs.length === 2 && !(cutoffs[0]! < cutoffs[1]!)) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.invalid,
      `band-pass edges ${cutoffs[0]}–${cutoffs[1]} Hz: the low edge must be below the high edge`,
    );
  }
  return cutoffs;
}

/** Analog poles of the transformed prototype (rad/s) for the requested shape. */
function analogPoles(order: number, type: ButterworthType, warped: number[]): Complex[] {
  const poles: Complex[] = [];
  for (let k = 0; k < order; k++) {
    const angle = (Math.PI * (-order + 1 + 2 * k)) / (2 * order);
    const p: Complex = [-Math.cos(angle), -Math.sin(angle)];
    if (type === 'lowpass') {
      poles.push([p[0] * warped[0]!, p[1] * warped[0]!]);
    } else if (type === 'highpass') {
      poles.push(div([warped[0]!, 0], p));
    } else {
      const bandwidth = warped[1]! - warped[0]!;
      const centreSquared = warped[0]! * warped[1]!;
      const half: Complex = [(p[0] * bandwidth) / 2, (p[1] * bandwidth) / 2];
      const root = sqrt([half[0] * half[0] - half[1] * half[1] - centreSquared, 2 * half[0] * half[1]]);
      poles.push([half[0] + root[0], half[1] + root[1]], [half[0] - root[0], half[1] - root[1]]);
    }
  }
  return poles;
}

/** Groups digital poles into denominators [a1, a2] of sections: conjugate pairs, then real poles by twos. */
function denominators(poles: Complex[]): [number, number][] {
  const sections: [number, number][] = [];
  const real: number[] = [];
  for (const [re, im] of poles) {
    if (Math.abs(im) < 1e-12) real.push(re);
    else if (im > 0) sections.push([-2 * re, re * re + im * im]);
  }
  for (let i = 0; i + 1 < real.length; i += 2)
    sections.push([-(real[i]! + real[i + 1]!), real[i]! * real[i + 1]!]);
  if (real.length % 2 === 1) sections.push([-real[real.length - 1]!, 0]);
  return sections;
}

function sectionResponse(s: Float64Array, offset: number, z: Complex): Complex {
  const zInv = div([1, 0], z);
  const zInv2 = mul(zInv, zInv);
  const num: Complex = [
    s[offset]! + s[offset + 1]! * zInv[0] + s[offset + 2]! * zInv2[0],
    s[offset + 1]! * zInv[1] + s[offset + 2]! * zInv2[1],
  ];
  const den: Complex = [
    1 + s[offset + 4]! * zInv[0] + s[offset + 5]! * zInv2[0],
    s[offset + 4]! * zInv[1] + s[offset + 5]! * zInv2[1],
  ];
  return div(num, den);
}

/** Complex response H(e^(jω)) of `filter` at `frequencyHz` for sample rate `sampleRateHz`. */
export function sosResponse(filter: SosFilter, frequencyHz: number, sampleRateHz: number): [number, number] {
  assertSampleRate(sampleRateHz);
  const omega = (2 * Math.PI * frequencyHz) / sampleRateHz;
  const z: Complex = [Math.cos(omega), Math.sin(omega)];
  let h: Complex = [1, 0];
  for (let s = 0; s < filter.sectionCount; s++) h = mul(h, sectionResponse(filter.sections, 6 * s, z));
  return [h[0], h[1]];
}

/**
 * Digital Butterworth filter of `order` (1–20) as second-order sections, unity gain in the pass band
 * (at DC, Nyquist or the geometric band centre). A band-pass of order N has 2N poles (N sections), as
 * scipy.signal.butter(N, [low, high], 'bandpass', fs=fs, output='sos'). Cut-offs in Hz, 0 < f < fs/2.
 */
export function butterworth(
  order: number,
  type: ButterworthType,
  cutoffHz: number | readonly [number, number],
  sampleRateHz: number,
): SosFilter {
  assertSampleRate(sampleRateHz);
  assertIntegerInRange(order, 1, 20, 'filter order');
  const cutoffs = validateCutoffs(type, cutoffHz, sampleRateHz);
  const fs2 = 2 * sampleRateHz;
  const warped = cutoffs.map((f) => fs2 * Math.tan((Math.PI * f) / sampleRateHz));
  const digital = analogPoles(order, type, warped).map((p) => div([fs2 + p[0], p[1]], [fs2 - p[0], -p[1]]));
  const dens = denominators(digital);
  const sections = new Float64Array(6 * dens.length);
  dens.forEach(([a1, a2], s) => {
    const firstOrder = a2 === 0 && type !== 'bandpass';
    const b =
      type === 'bandpass'
        ? [1, 0, -1]
        : type === 'lowpass'
          ? firstOrder
            ? [1, 1, 0]
            : [1, 2, 1]
          : firstOrder
            ? [1, -1, 0]
            : [1, -2, 1];
    sections.set([b[0]!, b[1]!, b[2]!, 1, a1, a2], 6 * s);
  });
  const filter: SosFilter = { sections, sectionCount: dens.length };
  const reference =
    type === 'lowpass'
      ? 0
      : type === 'highpass'
        ? sampleRateHz / 2
        : (sampleRateHz / Math.PI) * Math.atan(Math.sqrt(warped[0]! * warped[1]!) / fs2);
  const [re, im] = sosResponse(filter, reference, sampleRateHz);
  const gain = 1 / Math.hypot(re, im);
  for (let i = 0; i < 3; i++) sections[i] = sections[i]! * gain;
  return filter;
}

/**
 * Filters `signal` through the sections in place order (direct form II transposed, as scipy.signal.sosfilt).
 * `initialState` holds two values per section (zi); it is scaled by nothing and not modified.
 */
export function sosFilter(
  filter: SosFilter,
  signal: ArrayLike<number>,
  initialState?: Float64Array,
): Float64Array {
  assertFiniteSignal(signal, 'signal');
  const y = Float64Array.from(signal);
  applySections(filter, y, initialState, 1);
  return y;
}

function applySections(
  filter: SosFilter,
  y: Float64Array,
  state: Float64Array | undefined,
  stateScale: number,
): void {
  const s = filter.sections;
  for (let sec = 0; sec < filter.sectionCount; sec++) {
    const o = 6 * sec;
    const b0 = s[o]!;
    const b1 = s[o + 1]!;
    const b2 = s[o + 2]!;
    const a1 = s[o + 4]!;
    const a2 = s[o + 5]!;
    let z0 = state === undefined ? 0 : state[2 * sec]! * stateScale;
    let z1 = state === undefined ? 0 : state[2 * sec + 1]! * stateScale;
    for (let n = 0; n < y.length; n++) {
      const x = y[n]!;
      const out = b0 * x + z0;
      z0 = b1 * x - a1 * out + z1;
      z1 = b2 * x - a2 * out;
      y[n] = out;
    }
  }
}

/** Steady-state section states for a unit step input (scipy.signal.sosfilt_zi), two values per section. */
export function sosSteadyState(filter: SosFilter): Float64Array {
  const s = filter.sections;
  const zi = new Float64Array(2 * filter.sectionCount);
  let scale = 1;
  for (let sec = 0; sec < filter.sectionCount; sec++) {
    const o = 6 * sec;
    const [b0, b1, b2, , a1, a2] = [s[o]!, s[o + 1]!, s[o + 2]!, 1, s[o + 4]!, s[o + 5]!];
    const r0 = b1 - a1 * b0;
    const r1 = b2 - a2 * b0;
    const z0 = (r0 + r1) / (1 + a1 + a2);
    zi[2 * sec] = scale * z0;
    zi[2 * sec + 1] = scale * (r1 - a2 * z0);
    scale *= (b0 + b1 + b2) / (1 + a1 + a2);
  }
  return zi;
}

/** Samples of odd extension that {@link sosFiltFilt} adds at each end (scipy's default padlen). */
export function sosPadLength(filter: SosFilter): number {
  let zeroB2 = 0;
  let zeroA2 = 0;
  for (let sec = 0; sec < filter.sectionCount; sec++) {
    if (filter.sections[6 * sec + 2] === 0) zeroB2++;
    if (filter.sections[6 * sec + 5] === 0) zeroA2++;
  }
  return 3 * (2 * filter.sectionCount + 1 - Math.min(zeroB2, zeroA2));
}

/**
 * Zero-phase filtering: forward then backward through `filter`, with odd extension and steady-state
 * initial conditions exactly as scipy.signal.sosfiltfilt(sos, x) does. The magnitude response is squared.
 * Throws `OUT_OF_RANGE` when the signal is not longer than the padding ({@link sosPadLength}).
 */
export function sosFiltFilt(filter: SosFilter, signal: ArrayLike<number>): Float64Array {
  assertFiniteSignal(signal, 'signal');
  const n = signal.length;
  const edge = sosPadLength(filter);
  if (n <= edge) {
    throw new AnalyticsInputError(
      ANALYTICS_ERROR_CODES.outOfRange,
      `signal has ${n} samples; zero-phase filtering with this filter needs more than ${edge}`,
    );
  }
  const ext = new Float64Array(n + 2 * edge);
  const first = signal[0]!;
  const last = signal[n - 1]!;
  for (let i = 0; i < edge; i++) {
    ext[i] = 2 * first - signal[edge - i]!;
    ext[n + edge + i] = 2 * last - signal[n - 2 - i]!;
  }
  for (let i = 0; i < n; i++) ext[edge + i] = signal[i]!;
  const zi = sosSteadyState(filter);
  applySections(filter, ext, zi, ext[0]!);
  ext.reverse();
  applySections(filter, ext, zi, ext[0]!);
  ext.reverse();
  return ext.slice(edge, edge + n);
}
