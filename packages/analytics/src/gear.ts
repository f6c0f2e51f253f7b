/** Gear mesh frequencies of a single stage (ANALYTICS.md §2.2; MathWorks gearMeshFaultBands). */
import { ANALYTICS_ERROR_CODES, AnalyticsInputError, assertPositive } from './errors.ts';

/** Frequencies in Hz of a gear pair. */
export interface GearMeshFrequencies {
  readonly inputHz: number;
  /** Output shaft speed = input × Zin / Zout. */
  readonly outputHz: number;
  /** Gear mesh frequency GMF = Zin·fin = Zout·fout. */
  readonly gmfHz: number;
  /** Assembly phases NA = gcd(Zin, Zout). */
  readonly assemblyPhases: number;
  /** Assembly phase frequency APF = GMF / NA. */
  readonly apfHz: number;
  /** Hunting tooth frequency HTF = GMF·NA / (Zin·Zout). */
  readonly htfHz: number;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/**
 * Mesh frequencies of a pinion of `inputTeeth` on the input shaft turning at `inputHz` driving a gear of
 * `outputTeeth`. Throws `IMPOSSIBLE_GEOMETRY` for tooth counts that are not whole numbers ≥ 1 and
 * `OUT_OF_RANGE` for a speed ≤ 0.
 */
export function gearMeshFrequencies(
  inputTeeth: number,
  outputTeeth: number,
  inputHz: number,
): GearMeshFrequencies {
  assertPositive(inputHz, 'input shaft frequency (Hz)');
  for (const [name, teeth] of [
    ['input', inputTeeth],
    ['output', outputTeeth],
  ] as const) {
    if (!(Number.isInteger(teeth) && teeth >= 1)) {
      throw new AnalyticsInputError(
        ANALYTICS_ERROR_CODES.geometry,
        `impossible gear: ${name} tooth count ${teeth} (need a whole number ≥ 1)`,
      );
    }
  }
  const gmfHz = inputTeeth * inputHz;
  const assemblyPhases = greatestCommonDivisor(inputTeeth, outputTeeth);
  return {
    inputHz,
    outputHz: (inputHz * inputTeeth) / outputTeeth,
    gmfHz,
    assemblyPhases,
    apfHz: gmfHz / assemblyPhases,
    htfHz: (gmfHz * assemblyPhases) / (inputTeeth * outputTeeth),
  };
}
