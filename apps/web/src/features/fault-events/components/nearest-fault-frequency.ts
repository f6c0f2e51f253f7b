/** A fault frequency is named for a spectrum peak only within this share of the fault frequency (issue 26 item 2). */
export const NEAREST_TOLERANCE_PERCENT = 3;

export interface FaultFrequencyCursor {
  label: string;
  hz: number;
}

/**
 * The fault frequency nearest a peak, when it lies within ±`tolerancePercent` of that frequency; otherwise null.
 * Without the bound a 3,071 Hz peak was 'explained' by 3X at 74 Hz (Δ 2997 Hz). Bearing and rotor frequencies
 * move with speed and slip by a percent or two, so ±3 % keeps real matches and drops chance ones.
 */
export function nearestFaultFrequency(
  peakHz: number,
  cursors: readonly FaultFrequencyCursor[],
  tolerancePercent = NEAREST_TOLERANCE_PERCENT,
): FaultFrequencyCursor | null {
  let best: FaultFrequencyCursor | null = null;
  for (const cursor of cursors) {
    if (cursor.hz <= 0) continue;
    if (Math.abs(peakHz - cursor.hz) > (cursor.hz * tolerancePercent) / 100) continue;
    if (!best || Math.abs(cursor.hz - peakHz) < Math.abs(best.hz - peakHz)) best = cursor;
  }
  return best;
}
