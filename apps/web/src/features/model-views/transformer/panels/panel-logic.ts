import type { TrSummaryStatus } from '@sdp/contracts';
import {
  groupStatus,
  type Indicator,
  scaleMax,
  scaleShare,
} from '../../../../components/charts/indicator-logic.ts';

/** A row of a transformer summary group (spec 02 §3 'Transformer summary'). */
export type PanelItem = TrSummaryStatus['b'][number];

/** Panels A–J of spec 02 §2.4, in the order the page shows them. */
export const PANEL_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

/** An item as the kit's gauges and bars take it. */
export function indicatorOf(item: PanelItem): Indicator {
  return {
    name: item.name,
    value: item.value,
    unit: item.unit,
    warning: item.warning,
    alarm: item.alarm,
    status: item.status,
    direction: item.direction,
  };
}

/** The oil-level tag of panel C, drawn as a bar (spec 02 §2.4). */
export const OIL_LEVEL_TAG = 'accessory_oil_level';

const isTemperature = (item: PanelItem) => item.unit === '°C' || item.unit === '℃';

/** Panel C: thermometers for the temperatures, the oil-level bar, other items (moisture) as rows. */
export function splitThermal(items: readonly PanelItem[]) {
  return {
    thermometers: items.filter(isTemperature),
    oilLevel: items.filter((item) => item.tagCode === OIL_LEVEL_TAG),
    rows: items.filter((item) => !isTemperature(item) && item.tagCode !== OIL_LEVEL_TAG),
  };
}

/** Height share 0–1 of a thermometer's column (scale 1.2 × alarm, capped there; 0 without a value). */
export function thermometerFill(item: PanelItem): number {
  return item.status < 0 ? 0 : scaleShare(item.value, scaleMax(item));
}

/** Where the warning and alarm ticks sit on a thermometer, 0–1 of its height. */
export function thermometerTicks(item: PanelItem) {
  const max = scaleMax(item);
  return (['warning', 'alarm'] as const).flatMap((kind) => {
    const limit = item[kind];
    return limit === null ? [] : [{ kind, share: scaleShare(limit, max), value: limit }];
  });
}

/** Status of a panel: the worst of its items (spec 02 §4), offline (-1) when none has data. */
export function panelStatus(summary: TrSummaryStatus, key: PanelKey): number {
  if (key === 'h' || key === 'i') {
    const zoneStatus = statusOfColour(summary.dga[key === 'h' ? 'main_tank' : 'oltc'].colorCode);
    return groupStatus([...summary[key].map((item) => item.status), zoneStatus]);
  }
  return groupStatus(summary[key].map((item) => item.status));
}

/** The server colours a DGA zone by the worst gas (spec 02 §9 status colours); back to its code. */
const COLOUR_STATUS: Record<string, number> = { '#4CAF50': 0, '#FCA239': 1, '#D9263B': 2 };
export function statusOfColour(colour: string): number {
  return COLOUR_STATUS[colour.toUpperCase()] ?? -1;
}

/** Row label of panel D: the phase letter of a Locus Result Sum tag ('A', 'B', 'C'), else the item's name. */
export function windingLabel(item: PanelItem & { phase?: 'A' | 'B' | 'C' | null }): string {
  return item.phase ?? item.name;
}

/** The three gases of Duval Triangle 1 first (CH4, C2H4, C2H2), then the others in master-data order. */
export function dgaRows(items: readonly PanelItem[]): PanelItem[] {
  const rank = (tag: string) => {
    const gas = tag.replace(/^oltc_/, '');
    const i = ['ch4', 'c2h4', 'c2h2'].indexOf(gas);
    return i < 0 ? 3 : i;
  };
  return [...items].sort((a, b) => rank(a.tagCode) - rank(b.tagCode));
}

/** Chemical formula with subscripts for a gas tag (c2h4 → C₂H₄, tdcg → TDCG). */
export function gasLabel(tag: string): string {
  const gas = tag.replace(/^oltc_/, '');
  if (gas === 'tdcg') return 'TDCG';
  if (!/^[a-z0-9]+$/.test(gas) || !/[a-z]/.test(gas)) return gas;
  const subscripts = '₀₁₂₃₄₅₆₇₈₉';
  return gas.toUpperCase().replace(/\d/g, (d) => subscripts[Number(d)] ?? d);
}
