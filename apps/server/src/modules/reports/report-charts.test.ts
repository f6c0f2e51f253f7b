import { describe, expect, it } from 'vitest';
import { spectrumAxisMaxHz } from './report-charts.ts';

/** A 0–12,800 Hz spectrum at 0.5 Hz with lines (Hz, amplitude) on a low floor. */
function spectrum(lines: [number, number][]) {
  const frequencies = Array.from({ length: 25_601 }, (_, i) => i * 0.5);
  const amplitudes = frequencies.map(() => 0.001);
  for (const [hz, amplitude] of lines) amplitudes[hz * 2] = amplitude;
  return { frequencies, amplitudes };
}

describe('report spectra on an axis that fits the data (issue 26 item 4)', () => {
  it('draws a spectrum whose lines lie below 1 kHz on a 1 kHz axis, not on its 12.8 kHz band', () => {
    const { frequencies, amplitudes } = spectrum([
      [29.5, 4],
      [59, 1.5],
      [88.5, 0.8],
      [740, 0.6],
    ]);
    expect(spectrumAxisMaxHz(frequencies, amplitudes, [88.5])).toBe(1000);
  });

  it('keeps room for the marks: 3× of a 3,000 rpm shaft (150 Hz) is on the axis even when the lines end lower', () => {
    const { frequencies, amplitudes } = spectrum([[25, 3]]);
    expect(spectrumAxisMaxHz(frequencies, amplitudes, [150])).toBe(200);
  });

  it('shows the whole band when the energy reaches its end, and never more than the spectrum has', () => {
    const { frequencies, amplitudes } = spectrum([[12_000, 5]]);
    expect(spectrumAxisMaxHz(frequencies, amplitudes)).toBe(12_800);
  });
});
