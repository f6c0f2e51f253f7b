const DISPLAY: Readonly<Record<string, string>> = {
  '°C': '℃',
  C: '℃',
  'm3/h': 'm³/h',
  'm/s2': 'm/s²',
};

/** A unit as the portal shows it (spec 02 §9: Celsius as ℃, m3/h as m³/h); others as they come. */
export function displayUnit(unit: string): string {
  return DISPLAY[unit] ?? unit;
}
