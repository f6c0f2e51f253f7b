import type { TrSummaryStatus } from '@sdp/contracts';

/** A badge on the transformer picture (spec 02 §2.4): its label, the panel it stands for, and where it sits. */
export interface DiagramBadge {
  key: keyof Omit<TrSummaryStatus['tr_diagram_status'], 'summaryHealthStatus'>;
  label: string;
  /** Panel letter of spec 02 §2.4 whose items set its status. */
  panel: 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j';
  /** Centre in the 400 × 260 picture. */
  x: number;
  y: number;
}

/** Badges Cw, D, I, J, F, Co, G, E, H in the order of the spec, placed on the part they watch. */
export const DIAGRAM_BADGES: readonly DiagramBadge[] = [
  { key: 'cw', label: 'Cw', panel: 'b', x: 60, y: 40 },
  { key: 'd', label: 'D', panel: 'd', x: 170, y: 150 },
  { key: 'i', label: 'I', panel: 'i', x: 330, y: 110 },
  { key: 'j', label: 'J', panel: 'j', x: 330, y: 160 },
  { key: 'f', label: 'F', panel: 'f', x: 150, y: 30 },
  { key: 'co', label: 'Co', panel: 'c', x: 250, y: 60 },
  { key: 'g', label: 'G', panel: 'g', x: 40, y: 170 },
  { key: 'e', label: 'E', panel: 'e', x: 230, y: 200 },
  { key: 'h', label: 'H', panel: 'h', x: 150, y: 220 },
];

/**
 * The status of each badge. The transformer diagram maps values other than -2…2 to normal (spec 02 §4); a badge
 * without data (-1) stays grey.
 */
export function badgeStatuses(
  diagram: TrSummaryStatus['tr_diagram_status'],
): { badge: DiagramBadge; status: number }[] {
  return DIAGRAM_BADGES.map((badge) => {
    const status = diagram[badge.key];
    return { badge, status: status >= -2 && status <= 2 ? status : 0 };
  });
}
