import { describe, expect, it } from 'vitest';
import { bearingDefectFrequencies } from './bearing.ts';
import { envelopeSpectrum } from './envelope.ts';
import {
  CERTAINTY_WORDS,
  diagnoseBearing,
  diagnoseFailureModes,
  type FailureMode,
  matchFaultFrequency,
  predictedFailures,
} from './faults.ts';
import { gearMeshFrequencies } from './gear.ts';
import { amplitudeSpectrum, type Peak } from './spectrum.ts';
import { gaussianNoise, seededRandom } from './test-helpers.ts';
import { velocitySpectrum } from './vibration.ts';

const fs = 25_600;
const n = 32_768;
const shaftHz = 1797 / 60;
const bearing = bearingDefectFrequencies(
  { rollingElements: 9, ballDiameter: 7.94, pitchDiameter: 39.04 },
  1797,
);

/** Acceleration (m/s²) of tones given as velocity RMS (mm/s) at frequencies (Hz), plus Gaussian noise. */
function machine(tones: [number, number][], noiseSigma = 0.3, seed = 1): Float64Array {
  const x = gaussianNoise(n, seed, noiseSigma);
  for (const [f, velocityRms] of tones) {
    const accelerationPeak = 2 * Math.PI * f * ((velocityRms * Math.SQRT2) / 1000);
    for (let i = 0; i < n; i++) x[i] = x[i]! + accelerationPeak * Math.sin((2 * Math.PI * f * i) / fs + f);
  }
  return x;
}

/** Outer-race defect: impacts at BPFO (±0.5 % jitter) ringing a 3.5 kHz resonance (1 ms decay). */
function withOuterRaceDefect(x: Float64Array, amplitude = 3, bpfoHz = bearing.bpfo): Float64Array {
  const random = seededRandom(5);
  const out = Float64Array.from(x);
  for (let t = 0.01; t < n / fs; t += (1 + 0.01 * (random() - 0.5)) / bpfoHz) {
    const start = Math.round(t * fs);
    for (let i = start; i < Math.min(n, start + 200); i++) {
      const tau = (i - start) / fs;
      out[i] = out[i]! + amplitude * Math.exp(-tau / 0.001) * Math.sin(2 * Math.PI * 3500 * tau);
    }
  }
  return out;
}

function diagnose(
  acceleration: Float64Array,
  extra: { bearing?: boolean; gear?: ReturnType<typeof gearMeshFrequencies> } = {},
) {
  const velocity = velocitySpectrum(amplitudeSpectrum(acceleration, fs, { scale: 'rms', removeMean: true }));
  const scores = diagnoseFailureModes({
    velocity,
    shaftHz,
    ...(extra.bearing
      ? { envelope: envelopeSpectrum(acceleration, fs, { bandHz: [2000, 6000] }), bearing }
      : {}),
    ...(extra.gear === undefined ? {} : { gear: extra.gear }),
  });
  const status = Object.fromEntries(scores.map((s) => [s.mode, s.status])) as Record<FailureMode, number>;
  return { scores, status };
}

describe('matchFaultFrequency', () => {
  const peak = (frequencyHz: number, amplitude = 1): Peak => ({ frequencyHz, amplitude, bin: 0 });

  it('rates fundamental plus harmonic high, fundamental moderate, harmonics only low (±5 %)', () => {
    expect(matchFaultFrequency([peak(108), peak(213)], 107.36).confidence).toBe('high');
    expect(matchFaultFrequency([peak(104)], 107.36).confidence).toBe('moderate');
    expect(matchFaultFrequency([peak(322)], 107.36).confidence).toBe('low');
    expect(matchFaultFrequency([peak(95)], 107.36).confidence).toBe('none');
  });

  it('takes the highest peak inside the tolerance and reports harmonic orders', () => {
    const match = matchFaultFrequency([peak(106, 1), peak(108, 3), peak(429, 2)], 107.36);
    expect(match.fundamental!.frequencyHz).toBe(108);
    expect(match.harmonics.map((h) => h.order)).toEqual([4]);
  });

  it('rejects a zero fault frequency', () => {
    expect(() => matchFaultFrequency([], 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});

describe('failure modes on synthetic machines', () => {
  it.each([1, 2, 3])(
    'flags nothing on a healthy machine (small 1×, noise seed %i) and shows No Failure Detected',
    (seed) => {
      const { scores, status } = diagnose(machine([[shaftHz, 0.8]], 0.3, seed), {
        bearing: true,
        gear: gearMeshFrequencies(8, 42, shaftHz),
      });
      expect(status).toEqual({ unbalance: 0, misalignment: 0, looseness: 0, bearing: 0, gear: 0 });
      expect(predictedFailures(scores).isAbnormal).toBe(false);
    },
  );

  it('raises an unbalance alarm for a dominant 1× of 6 mm/s and nothing else', () => {
    const { scores, status } = diagnose(
      machine([
        [shaftHz, 6],
        [2 * shaftHz, 0.5],
      ]),
      { bearing: true },
    );
    expect(status).toEqual({ unbalance: 2, misalignment: 0, looseness: 0, bearing: 0 });
    const unbalance = scores.find((s) => s.mode === 'unbalance')!;
    expect(unbalance.indicator).toBeCloseTo(6, 1);
    expect(unbalance.percent).toBe(100);
    expect(predictedFailures(scores).alarms.map((s) => s.mode)).toEqual(['unbalance']);
  });

  it('raises a misalignment warning when 2× reaches 3.5 mm/s above a 3 mm/s 1×', () => {
    const { status, scores } = diagnose(
      machine([
        [shaftHz, 3],
        [2 * shaftHz, 3.5],
      ]),
    );
    expect(status).toEqual({ unbalance: 0, misalignment: 1, looseness: 0 });
    expect(scores.find((s) => s.mode === 'misalignment')!.percent).toBe(78);
  });

  it('raises a looseness alarm for a train of harmonics and half-orders', () => {
    const tones: [number, number][] = [[shaftHz, 3]];
    for (const order of [1.5, 2, 2.5, 3, 4, 5, 6]) tones.push([order * shaftHz, 1]);
    expect(diagnose(machine(tones)).status.looseness).toBe(2);
  });

  it('finds an outer-race defect at BPFO in the envelope and names it', () => {
    const { scores, status } = diagnose(withOuterRaceDefect(machine([[shaftHz, 0.8]])), { bearing: true });
    expect(status.bearing).toBe(2);
    expect(status.unbalance).toBe(0);
    const failure = predictedFailures(scores).alarms[0]!;
    expect(failure.mode).toBe('bearing');
    expect(failure.description).toMatch(/outer race defect \(BPFO 107\.4 Hz\)/);
    expect(failure.percent).toBe(100);
    expect(failure.recommendation).not.toBe('');
  });

  it('flags a gear with GMF and four sidebands at the input speed, not one without sidebands', () => {
    const gear = gearMeshFrequencies(8, 42, shaftHz);
    const gmf = gear.gmfHz;
    const sidebands: [number, number][] = [-2, -1, 1, 2].map((k) => [gmf + k * shaftHz, 1]);
    expect(diagnose(machine([[shaftHz, 0.8], [gmf, 2], ...sidebands]), { gear }).status.gear).toBe(2);
    expect(
      diagnose(
        machine([
          [shaftHz, 0.8],
          [gmf, 1],
        ]),
        { gear },
      ).status.gear,
    ).toBe(0);
  });
});

/** Broadband noise whose amplitude is modulated by tones (Hz, depth): what an envelope demodulates into lines. */
function modulatedNoise(modulation: [number, number][], seed = 7): Float64Array {
  const x = gaussianNoise(n, seed, 1);
  for (let i = 0; i < n; i++) {
    let gain = 1;
    for (const [f, depth] of modulation) gain += depth * Math.sin((2 * Math.PI * f * i) / fs);
    x[i] = x[i]! * gain;
  }
  return x;
}

/** Envelope of the 2–6 kHz band, as the tests above use. */
const envelopeOf = (x: Float64Array) => envelopeSpectrum(x, fs, { bandHz: [2000, 6000] });

describe('bearing defects separated from what a healthy machine shows (issue 25 item 2)', () => {
  it('calls a strong cage line below 1× with its harmonic normal when nothing carries FTF sidebands', () => {
    // The false alarm seen on a real healthy bearing: 'cage defect (FTF 11.9 Hz): 30.4 dB above background,
    // high confidence'. Shaft-rate and cage-rate modulation of the background is normal.
    const x = modulatedNoise([
      [bearing.ftf, 0.6],
      [2 * bearing.ftf, 0.3],
      [shaftHz, 0.3],
    ]);
    const [bpfo, bpfi, bsf, ftf] = diagnoseBearing(envelopeOf(x), bearing);
    expect(ftf!.indicator).toBeGreaterThan(20);
    expect(ftf!.status).toBe(0);
    expect(ftf!.certainty).toBe('unlikely');
    expect(ftf!.description).toMatch(/cage defect .*no sidebands ±FTF .*normal/);
    expect([bpfo!.status, bpfi!.status, bsf!.status]).toEqual([0, 0, 0]);
  });

  it('takes a defect line that sits on a running-speed harmonic for shaft-rate modulation', () => {
    // A bearing whose BPFO is 3.03 × running speed: modulation at 1×–8× puts a line 1 % from BPFO.
    const nearThree = bearingDefectFrequencies(
      { rollingElements: 8, ballDiameter: 0.2425, pitchDiameter: 1 },
      1797,
    );
    expect(nearThree.bpfo / shaftHz).toBeCloseTo(3.03, 2);
    const x = modulatedNoise([1, 2, 3, 4, 5, 6, 7, 8].map((k): [number, number] => [k * shaftHz, 0.25]));
    const scores = diagnoseBearing(envelopeOf(x), nearThree);
    expect(scores.map((s) => s.status)).toEqual([0, 0, 0, 0]);
    expect(scores[0]!.description).toMatch(/BPFO line is 3× running speed/);
  });

  it('reports a cage defect only when FTF modulates the rolling-element line (sidebands 2×BSF ± FTF)', () => {
    // Rolling-element defect striking both races (2×BSF), passing in and out of the load zone at FTF.
    const random = seededRandom(11);
    const x = gaussianNoise(n, 3, 0.3);
    for (let t = 0.005; t < n / fs; t += (1 + 0.01 * (random() - 0.5)) / (2 * bearing.bsf)) {
      const gain = 1 + 0.9 * Math.sin(2 * Math.PI * bearing.ftf * t);
      const start = Math.round(t * fs);
      for (let i = start; i < Math.min(n, start + 200); i++) {
        const tau = (i - start) / fs;
        x[i] = x[i]! + 3 * gain * Math.exp(-tau / 0.001) * Math.sin(2 * Math.PI * 3500 * tau);
      }
    }
    const [, , bsf, ftf] = diagnoseBearing(envelopeOf(x), bearing);
    expect(bsf!.status).toBeGreaterThanOrEqual(1);
    expect(ftf!.status).toBeGreaterThanOrEqual(1);
    expect(ftf!.description).toMatch(/[1-9] sideband\(s\) ±FTF/);
  });

  it('counts a line once: an outer-race defect on a bearing whose BPFI is 2×BPFO is not also an inner-race one', () => {
    const twice = bearingDefectFrequencies({ rollingElements: 8, ballDiameter: 1, pitchDiameter: 3 }, 1797);
    expect(twice.bpfi / twice.bpfo).toBeCloseTo(2, 6);
    const random = seededRandom(5);
    const x = gaussianNoise(n, 2, 0.3);
    for (let t = 0.01; t < n / fs; t += (1 + 0.01 * (random() - 0.5)) / twice.bpfo) {
      const start = Math.round(t * fs);
      for (let i = start; i < Math.min(n, start + 200); i++) {
        const tau = (i - start) / fs;
        x[i] = x[i]! + 3 * Math.exp(-tau / 0.001) * Math.sin(2 * Math.PI * 3500 * tau);
      }
    }
    const [bpfo, bpfi] = diagnoseBearing(envelopeOf(x), twice);
    expect(bpfo!.status).toBe(2);
    // The description says how sure in the words of the event's evidence ('likely' for an alarm), not 'high
    // confidence' beside an event that says '(likely)'.
    expect(bpfo!.description).toMatch(/\d harmonic\(s\) \(likely\)$/);
    expect(bpfo!.description).not.toMatch(/confidence/);
    expect(bpfi!.status).toBe(0);
    expect(bpfi!.description).toMatch(/the BPFI line is 2×BPFO/);
  });

  it('needs the defect fundamental: a harmonic alone is no defect', () => {
    // Lines at 2× and 3× BPFO without BPFO itself.
    const x = modulatedNoise([
      [2 * bearing.bpfo, 0.5],
      [3 * bearing.bpfo, 0.4],
    ]);
    const [bpfo] = diagnoseBearing(envelopeOf(x), bearing);
    expect(bpfo!.description).toMatch(/no fundamental, 1 harmonic\(s\) \(unlikely\)/);
    expect(bpfo!.status).toBe(0);
  });
});

describe('one line, one fault (issue 26 item 3)', () => {
  // 8 balls, d/D = 0.2375: BPFO = 4 × (1 − 0.2375) = 3.05 × running speed, so BPFO and its harmonics sit on 3×, 6×, 9×.
  const nearThree = bearingDefectFrequencies(
    { rollingElements: 8, ballDiameter: 10.45, pitchDiameter: 44 },
    1797,
  );
  const outerRace = (): Float64Array => {
    // A developed outer-race defect shows BPFO and its harmonics in the velocity spectrum too (1 mm/s each).
    const tones: [number, number][] = [[shaftHz, 3]];
    for (const k of [1, 2, 3]) tones.push([k * nearThree.bpfo, 1]);
    return withOuterRaceDefect(machine(tones), 3, nearThree.bpfo);
  };
  const run = (acceleration: Float64Array, withBearing: boolean) => {
    const velocity = velocitySpectrum(
      amplitudeSpectrum(acceleration, fs, { scale: 'rms', removeMean: true }),
    );
    const scores = diagnoseFailureModes({
      velocity,
      shaftHz,
      ...(withBearing
        ? { envelope: envelopeSpectrum(acceleration, fs, { bandHz: [2000, 6000] }), bearing: nearThree }
        : {}),
    });
    return (mode: FailureMode) => scores.find((s) => s.mode === mode)!;
  };

  it('does not count BPFO at 3.05× and its harmonics as looseness on 3×, 6×, 9× once the bearing defect is reported', () => {
    expect(nearThree.bpfo / shaftHz).toBeCloseTo(3.05, 2);
    const score = run(outerRace(), true);
    expect(score('bearing').status).toBe(2);
    expect(score('bearing').defect).toBe('bpfo');
    expect(score('looseness').status).toBe(0);
    expect(score('looseness').description).toBe(
      'Looseness: 0 significant harmonics or half-orders; 3×, 6×, 9× are the bearing outer race (BPFO) lines, not looseness',
    );
  });

  it('still counts the same lines as looseness when no bearing defect explains them', () => {
    // Without the bearing (no envelope scored) nothing explains 3×, 6×, 9×: the rule before issue 26 applies.
    const score = run(outerRace(), false);
    expect(score('looseness').status).toBe(1);
    expect(score('looseness').description).toMatch(/\(3×, 6×, 9×\)$/);
  });
});

describe('shaft and gear modes separated from a healthy machine (issue 25 item 2)', () => {
  it('does not call the normal harmonics of a 4 mm/s 1× looseness', () => {
    const tones: [number, number][] = [[shaftHz, 4]];
    for (const order of [3, 4, 5, 6]) tones.push([order * shaftHz, 0.45]);
    const { scores, status } = diagnose(machine(tones));
    expect(status.looseness).toBe(0);
    expect(scores.find((s) => s.mode === 'looseness')!.description).toMatch(/^Looseness: 0 significant/);
  });

  it('gives a strong gear mesh without sidebands a warning at most, and says it is only possible', () => {
    const gear = gearMeshFrequencies(8, 42, shaftHz);
    const { scores, status } = diagnose(
      machine([
        [shaftHz, 0.8],
        [gear.gmfHz, 6],
      ]),
      { gear },
    );
    expect(status.gear).toBe(1);
    expect(status.looseness).toBe(0);
    const verdict = scores.find((s) => s.mode === 'gear')!;
    expect(verdict.certainty).toBe('possible');
    expect(verdict.certaintyWords).toBe(CERTAINTY_WORDS.possible);
  });

  it('says an alarm is likely and a normal mode unlikely, in words a planner can act on', () => {
    const { scores } = diagnose(machine([[shaftHz, 6]]));
    const unbalance = scores.find((s) => s.mode === 'unbalance')!;
    expect(unbalance.status).toBe(2);
    expect(unbalance.certaintyWords).toMatch(/^Likely: .*plan an inspection/);
    expect(scores.find((s) => s.mode === 'misalignment')!.certaintyWords).toMatch(/^Unlikely/);
  });
});
