import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bearingDefectFrequencies } from './bearing.ts';
import {
  bearingCurrentLines,
  bearingCurrentSignature,
  loadOscillation,
  mcaFaultFrequencies,
  otherFamilyLines,
} from './mca-signatures.ts';
import { currentSpectrum, motorSpeed } from './mcsa.ts';

/** numpy/scipy reference of fixtures/make_mca_fixture.py (rebuilt here from its parameters, sample for sample). */
const fixture = JSON.parse(readFileSync(new URL('../fixtures/mca.json', import.meta.url), 'utf8')) as {
  sampleRateHz: number;
  samples: number;
  supply: { hz: number; amplitude: number; phase: number };
  slip: number;
  rotorHz: number;
  tones: [number, number, number][];
  bpfo6205: number;
  loadOscillation: { bandHz: [number, number]; levelDb: number; bins: number };
};

function fixtureSignal(tones = fixture.tones): Float64Array {
  const { supply, sampleRateHz, samples } = fixture;
  const x = new Float64Array(samples);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRateHz;
    let v = supply.amplitude * Math.cos(2 * Math.PI * supply.hz * t + supply.phase);
    for (const [hz, db, phase] of tones)
      v += supply.amplitude * 10 ** (db / 20) * Math.cos(2 * Math.PI * hz * t + phase);
    x[i] = v;
  }
  return x;
}

const bearing6205 = { rollingElements: 9, ballDiameter: 7.94, pitchDiameter: 39.04, contactAngleDeg: 0 };

describe('loadOscillation', () => {
  const { spectrum, supply } = currentSpectrum(fixtureSignal(), fixture.sampleRateHz);
  const speed = { rotorHz: fixture.rotorHz, slip: fixture.slip };

  it('matches the numpy/scipy band sum to 0.05 dB (the supply peak is interpolated, numpy uses the true amplitude)', () => {
    const result = loadOscillation(spectrum, supply, speed);
    expect(result.bandHz[0]).toBeCloseTo(fixture.loadOscillation.bandHz[0], 9);
    expect(result.bandHz[1]).toBeCloseTo(fixture.loadOscillation.bandHz[1], 9);
    expect(Math.abs(result.levelDb - fixture.loadOscillation.levelDb)).toBeLessThan(0.05);
  });

  it('reads two −38 dB sidebands as their power sum, −35 dB, within 0.1 dB, with 7.3 Hz dominant', () => {
    const result = loadOscillation(spectrum, supply, speed);
    expect(Math.abs(result.levelDb - (-38 + 10 * Math.log10(2)))).toBeLessThan(0.1);
    expect(Math.abs(result.dominantHz! - 7.3)).toBeLessThan(spectrum.resolutionHz);
  });

  it('leaves the rotor-bar, eccentricity and bearing lines out: without the oscillation only the off-bin supply window leakage is left, below −60 dB (15 dB under the −45 dB warning)', () => {
    const quiet = currentSpectrum(fixtureSignal(fixture.tones.slice(2)), fixture.sampleRateHz);
    expect(loadOscillation(quiet.spectrum, quiet.supply, speed).levelDb).toBeLessThan(-60);
  });

  it('rejects a rotor frequency of 0', () => {
    expect(() => loadOscillation(spectrum, supply, { rotorHz: 0, slip: 0.02 })).toThrow(/rotor frequency/);
  });
});

describe('bearing current signature', () => {
  const { spectrum, supply } = currentSpectrum(fixtureSignal(), fixture.sampleRateHz);
  const defects = bearingDefectFrequencies(bearing6205, 1470);

  it('places the lines at |fs ± fv| for BPFO, BPFI and 2×BSF (6205 test vector scaled to 1470 rpm)', () => {
    const lines = bearingCurrentLines(50, defects);
    // ANALYTICS.md §2.1 at 1797 rpm: BPFO 107.36 Hz → at 1470 rpm 107.36·1470/1797 = 87.82 Hz.
    expect(lines[0]!.upperHz).toBeCloseTo(50 + (107.36 * 1470) / 1797, 1);
    expect(lines[0]!.lowerHz).toBeCloseTo((107.36 * 1470) / 1797 - 50, 1);
    expect(lines[2]!.vibrationHz).toBeCloseTo((2 * 70.58 * 1470) / 1797, 1);
  });

  it('reads the injected −50 dB line at fs + BPFO to 0.2 dB and names it', () => {
    expect(defects.bpfo).toBeCloseTo(fixture.bpfo6205, 9);
    const worst = bearingCurrentSignature(spectrum, supply, [defects]);
    expect(worst.defect).toBe('BPFO');
    expect(Math.abs(worst.levelDb + 50)).toBeLessThan(0.2);
  });

  it('skips a line that sits on another family: 6316 at 1470 rpm puts fs − BPFO beside the eccentricity line', () => {
    const bearing6316 = bearingDefectFrequencies(
      { rollingElements: 8, ballDiameter: 28.58, pitchDiameter: 125, contactAngleDeg: 0 },
      1470,
    );
    const speed = { rotorHz: 24.5, slip: 0.02 };
    const lines = otherFamilyLines(fixture.supply.hz, speed);
    const worst = bearingCurrentSignature(spectrum, supply, [bearing6316], lines);
    expect(worst.frequencyHz === null || lines.every((f) => Math.abs(f - worst.frequencyHz!) > 1.2)).toBe(
      true,
    );
    // Unguarded, the −52 dB eccentricity line would read as the bearing.
    expect(bearingCurrentSignature(spectrum, supply, [bearing6316]).levelDb).toBeGreaterThan(-53);
    expect(worst.levelDb).toBeLessThan(-80);
  });

  it('reports −200 dB and no bearing when none is given', () => {
    expect(bearingCurrentSignature(spectrum, supply, [])).toEqual({
      levelDb: -200,
      bearing: -1,
      defect: null,
      frequencyHz: null,
    });
  });
});

describe('mcaFaultFrequencies', () => {
  it('lists supply, rotor-bar, eccentricity and bearing lines of the ANALYTICS.md §4 test vector, ascending', () => {
    const speed = motorSpeed(50, 4, 1470);
    const rows = mcaFaultFrequencies({
      supplyHz: 50,
      slip: speed.slip,
      rotorHz: speed.rotorHz,
      bearings: [{ position: 'DE', defects: bearingDefectFrequencies(bearing6205, 1470) }],
    });
    const at = (name: string) => rows.find((row) => row.name === name)!.frequencyHz;
    expect(at('Rotor bar fs(1−2s)')).toBeCloseTo(48, 9);
    expect(at('Rotor bar fs(1+2s)')).toBeCloseTo(52, 9);
    expect(at('Eccentricity fs−fr')).toBeCloseTo(25.5, 9);
    expect(at('Eccentricity fs+fr')).toBeCloseTo(74.5, 9);
    expect(rows).toHaveLength(5 + 6);
    expect(rows.map((row) => row.frequencyHz)).toEqual(
      [...rows.map((row) => row.frequencyHz)].sort((a, b) => a - b),
    );
  });
});
