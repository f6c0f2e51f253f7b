/**
 * The number a numeric field holds after each change (spec 02 §2.2: numeric text becomes a number on change):
 * null for an empty field, NaN for text that is not a finite number yet ('-', 'abc'), which validation reports.
 */
export function parseNumberText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** Whether a field's text already reads as `value`, so an outside change (apply to all) need not rewrite it. */
export function textShowsNumber(text: string, value: number | null): boolean {
  const parsed = parseNumberText(text);
  if (value === null) return parsed === null;
  // A required field that is empty holds NaN, as one with text that is not a number does.
  if (Number.isNaN(value)) return parsed === null || Number.isNaN(parsed);
  return parsed === value;
}

/** The text a numeric field starts with: empty for no value. */
export function numberText(value: number | null): string {
  return value === null || Number.isNaN(value) ? '' : String(value);
}
