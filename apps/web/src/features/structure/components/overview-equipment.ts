import type { Overview } from '@sdp/contracts';

export type OverviewEquipment = Overview['allEquipmentReportJson'][number];
export type LocatedEquipment = OverviewEquipment & { posLat: number; posLng: number };

/** The equipment with a location, which the map can show. */
export function locatedEquipment(equipment: readonly OverviewEquipment[]): LocatedEquipment[] {
  return equipment.filter((item): item is LocatedEquipment => item.posLat !== null && item.posLng !== null);
}
