import { describe, expect, it } from 'vitest';
import {
  brokenRotorBarAnalysis,
  currentSpectrum,
  currentUnbalance,
  DEFAULT_DIAGNOSTIC_LIMITS,
  diagnosticSeries,
  estimateRotorSpeed,
  frequencyDetail,
  learnDiagnosticBaseline,
  MCA_CHECK_CODES,
  motorCurrentFeatures,
  motorSpeed,
  rotorBarSeverity,
  rotorBarSidebands,
  sidebandPairs,
  slipFromSidebandSpacing,
  totalHarmonicDistortion,
} from './mcsa.ts';
import { amplitudeSpectrum } from './spectrum.ts';
import { gaussianNoise } from './test-helpers.ts';

const fs = 2000;
const n = 20_000;
const supplyHz = 50;
const motor = { poles: 4, rpm: 1470 };

/** One phase current: 10 A at 50 Hz, components given as [Hz, dB below the supply], phase shift in rad. */
function phase(components: [number, number][], shift = 0, seed = 1, scale = 1): Float64Array {
  const x = gaussianNoise(n, seed, 1e-4);
  const lines: [number, number][] = [[supplyHz, 0], ...components];
  for (const [f, db] of lines) {
    const amplitude = scale * 10 * 10 ** (db / 20);
    for (let i = 0; i < n; i++) x[i] = x[i]! + amplitude * Math.sin((2 * Math.PI * f * i) / fs + shift);
  }
  return x;
}

const eccentricity: [number, number][] = [
  [25.5, -58],
  [74.5, -55],
];
const brokenBar: [number, number][] = [[48, -38], [52, -39], ...eccentricity];
const healthy: [number, number][] = [[48, -62], [52, -63], ...eccentricity];

function threePhase(components: [number, number][], seed = 1, unbalance = 1) {
  return {
    ia: phase(components, 0, seed),
    ib: phase(components, (-2 * Math.PI) / 3, seed + 1, unbalance),
    ic: phase(components, (2 * Math.PI) / 3, seed + 2),
  };
}

describe('motor speed (ANALYTICS.md §4 test vector: 50 Hz, 4 poles, 1470 rpm)', () => {
  it('gives ns 1500 rpm, slip 0.02, fr 24.5 Hz, bar sidebands 48/52 Hz, eccentricity 25.5/74.5 Hz', () => {
    const speed = motorSpeed(50, 4, 1470);
    expect(speed.synchronousRpm).toBe(1500);
    expect(speed.slip).toBeCloseTo(0.02, 12);
    expect(speed.rotorHz).toBe(24.5);
    const [bars] = rotorBarSidebands(50, speed.slip);
    expect(bars!.lowerHz).toBeCloseTo(48, 10);
    expect(bars!.upperHz).toBeCloseTo(52, 10);
    expect(sidebandPairs(50, speed.rotorHz)[0]).toEqual({ order: 1, lowerHz: 25.5, upperHz: 74.5 });
    expect(slipFromSidebandSpacing(2, 50)).toBeCloseTo(0.02, 12);
  });

  it('rejects an odd pole count and a stopped motor', () => {
    expect(() => motorSpeed(50, 3, 1470)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => motorSpeed(50, 4, 0)).toThrow(expect.objectContaining({ code: 'OUT_OF_RANGE' }));
  });
});

describe('broken rotor bars', () => {
  it('classifies sideband levels with the public thresholds', () => {
    expect([-55, -50, -47, -42, -35].map((db) => rotorBarSeverity(db).severity)).toEqual([
      'healthy',
      'healthy',
      'incipient',
      'moderate',
      'severe',
    ]);
    expect(rotorBarSeverity(-35).status).toBe(2);
  });

  it('measures sidebands at fs(1 ± 2s) in dB below the supply peak (±0.2 dB) and calls −38 dB severe', () => {
    const { spectrum, supply } = currentSpectrum(phase(brokenBar), fs);
    const result = brokenRotorBarAnalysis(spectrum, supply, 0.02);
    expect(result.lowerDb).toBeCloseTo(-38, 0);
    expect(Math.abs(result.lowerDb + 38)).toBeLessThan(0.2);
    expect(Math.abs(result.upperDb + 39)).toBeLessThan(0.2);
    expect(result.severity).toBe('severe');
    expect(result.status).toBe(2);
  });

  it('calls a motor with sidebands at −62 dB healthy', () => {
    const { spectrum, supply } = currentSpectrum(phase(healthy), fs);
    expect(brokenRotorBarAnalysis(spectrum, supply, 0.02).severity).toBe('healthy');
  });

  it('estimates the speed from the eccentricity sideband fs + fr (±1 rpm)', () => {
    const { spectrum, supply } = currentSpectrum(phase(healthy), fs);
    const speed = estimateRotorSpeed(spectrum, supply, 4);
    expect(Math.abs(speed.rpm - 1470)).toBeLessThan(1);
    expect(speed.slip).toBeCloseTo(0.02, 3);
  });
});

describe('current quality', () => {
  it('computes NEMA current unbalance', () => {
    expect(currentUnbalance([10, 10.5, 9.5])).toBeCloseTo(5, 12);
    expect(currentUnbalance([0, 0, 0])).toBe(0);
    expect(() => currentUnbalance([10, -1, 10])).toThrow(expect.objectContaining({ code: 'NEGATIVE_VALUE' }));
  });

  it('computes THD = √(Σ Ih²)/I1 from the spectrum (0.01 %)', () => {
    const x = phase([]).map(
      (v, i) => v + Math.sin((2 * Math.PI * 250 * i) / fs) + 0.5 * Math.sin((2 * Math.PI * 350 * i) / fs),
    );
    const { spectrum, supply } = currentSpectrum(x, fs);
    expect(Math.abs(totalHarmonicDistortion(spectrum, supply) - 100 * (Math.sqrt(1.25) / 10))).toBeLessThan(
      0.01,
    );
  });
});

describe('chart series', () => {
  it('gives the current spectrum in dB relative to the supply peak, up to maxHz', () => {
    const series = currentSpectrum(phase(brokenBar), fs, { maxHz: 200 });
    expect(series.frequencyHz.at(-1)!).toBeLessThanOrEqual(200);
    expect(series.levelDb.length).toBe(series.frequencyHz.length);
    const top = Math.max(...series.levelDb);
    expect(top).toBeLessThanOrEqual(1e-9);
    expect(top).toBeGreaterThan(-1.5);
  });

  it('lists Frequency Detail rows by check code with their levels', () => {
    const spectrum = amplitudeSpectrum(phase(brokenBar), fs);
    const { supply } = currentSpectrum(phase(brokenBar), fs);
    const rows = frequencyDetail(spectrum, supply, motor);
    expect(new Set(rows.map((r) => r.checkCode))).toEqual(new Set([1, 2, 4, 8]));
    const upperBar = rows.find((r) => r.checkCode === MCA_CHECK_CODES.rotorCrack && r.frequencyHz > 50)!;
    expect(upperBar.frequencyHz).toBeCloseTo(52, 2);
    expect(upperBar.levelDb).toBeCloseTo(-39, 0);
    const ecc = rows.find((r) => r.checkCode === MCA_CHECK_CODES.eccentricAirGap && r.frequencyHz > 50)!;
    expect(ecc.levelDb).toBeCloseTo(-55, 0);
  });

  it('feeds the Pattern Recognition chart: faulty records stand out of the healthy baseline', () => {
    const baselineRecords = [11, 21, 31, 41].map((seed) =>
      motorCurrentFeatures(threePhase(healthy, seed), fs, motor),
    );
    const baseline = learnDiagnosticBaseline(baselineRecords);
    const faulty = motorCurrentFeatures(threePhase(brokenBar, 51), fs, motor);
    const loose = motorCurrentFeatures(threePhase(healthy, 61, 1.12), fs, motor);
    expect(faulty.rotor_bar_crack).toBeCloseTo(-38, 0);
    expect(faulty.ground_fault!).toBeLessThan(0.1);
    expect(faulty.bearing_failure).toBeNull();
    expect(loose.terminal_loose!).toBeGreaterThan(7);
    const series = diagnosticSeries([...baselineRecords, faulty, loose], baseline);
    expect(series.omr.values.slice(0, 4).every((v) => v! < DEFAULT_DIAGNOSTIC_LIMITS.omr.warning)).toBe(true);
    expect(series.omr.values[4]!).toBeGreaterThan(DEFAULT_DIAGNOSTIC_LIMITS.omr.alarm);
    expect(series.omr.values[5]!).toBeGreaterThan(DEFAULT_DIAGNOSTIC_LIMITS.omr.alarm);
    expect(series.rotor_bar_crack).toMatchObject({ unit: 'dB', warning: -50, alarm: -40 });
    expect(series.terminal_loose.unit).toBe('%');
    expect(Object.keys(series).sort()).toEqual(
      [
        'omr',
        'rotor_bar_crack',
        'bearing_failure',
        'eccentric_airgap',
        'ground_fault',
        'short_turn',
        'terminal_loose',
      ].sort(),
    );
  });

  it('rejects phases of different lengths', () => {
    expect(() => motorCurrentFeatures({ ia: [1, 2], ib: [1], ic: [1, 2] }, fs, motor)).toThrow(
      expect.objectContaining({ code: 'LENGTH_MISMATCH' }),
    );
  });
});
