/** Words of computed tags that read better spelled out than capitalised. */
const WORDS: Readonly<Record<string, string>> = {
  thdi: 'THDi',
  i0: 'I0',
  rpm: 'RPM',
  rms: 'RMS',
  dc: 'DC',
  hv: 'HV',
  lv: 'LV',
  pd: 'PD',
};

/**
 * The name a person reads for a series (issue 27 item 2): its sensor type's name from the master data when it has
 * one ('Load current phase A'), else its tag spelled out: the sensor id of a computed tag kept as it is, each other
 * part's underscores as spaces, first letter capitalised, one-letter axes upper-cased ('FAN1-DRN.acceleration' reads
 * 'FAN1-DRN Acceleration', 'S1.velocity.x' 'S1 Velocity X').
 */
export function seriesName(tag: string, typeName: string | null | undefined): string {
  if (typeName) return typeName;
  const parts = tag.split('.').filter((part) => part !== '');
  return parts
    .map((part, index) => {
      const word = WORDS[part.toLowerCase()];
      if (word) return word;
      // A sensor id (FAN1-DRN, S1) is a name of its own.
      if (index === 0 && parts.length > 1 && /[A-Z0-9]/.test(part) && part === part.toUpperCase())
        return part;
      if (part.length === 1) return part.toUpperCase();
      const spaced = part.replaceAll('_', ' ');
      return spaced.charAt(0).toUpperCase() + spaced.slice(1);
    })
    .join(' ');
}
