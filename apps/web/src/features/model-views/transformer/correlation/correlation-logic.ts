/**
 * The baseline of tag B on tag A as a line across the A values shown: B = slope · A + intercept from the smallest
 * to the largest A. Undefined without a baseline or without samples.
 */
export function baselineLine(
  valuesA: readonly number[],
  baseline: { slope: number; intercept: number } | null,
): [number, number][] | undefined {
  if (!baseline || valuesA.length === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of valuesA) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const at = (a: number): [number, number] => [a, baseline.slope * a + baseline.intercept];
  return [at(min), at(max)];
}
