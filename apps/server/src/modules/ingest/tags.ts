import { EVS_BATTERY_UNIT } from '@sdp/contracts';
import type { MasterData } from '../models/master.repository.ts';
import { monitoredTags, readSettings } from '../models/settings.ts';

/**
 * Raw inputs a model accepts besides its monitored tags: what the analysis turns into features.
 * VCA: `<remaining-life tag>.temperature`, the component temperatures behind remaining life (ANALYTICS.md §5).
 */
const extraInputs: Record<number, string[]> = {
  3: ['dc_link_capacitor.temperature', 'cooling_fan.temperature'],
};

const EVS_TYPE_ID = 4;

const quantityUnits: Record<string, string> = {
  acceleration: 'm/s²',
  velocity: 'mm/s',
  envelope: 'gE',
  temperature: '°C',
  battery: '%',
};

/** The tags a model accepts from gateways, each with its unit. */
export function acceptedTags(
  typeId: number,
  document: Record<string, unknown> | null,
  title: string,
  master: MasterData,
): Map<string, string> {
  const settings = readSettings(document, title);
  const units = new Map(master.sensorTypes.map((sensor) => [sensor.tag_code, sensor.unit]));
  const tags = new Map<string, string>();
  for (const tag of [...monitoredTags(settings, master), ...(extraInputs[typeId] ?? [])]) {
    const quantity = tag.includes('.') ? (tag.split('.')[1] as string) : tag;
    tags.set(tag, units.get(tag) ?? quantityUnits[quantity] ?? '');
  }
  // Edge sensors also send their battery (volts), shown in Sensor Detail; it has no limits to monitor.
  if (typeId === EVS_TYPE_ID)
    for (const row of settings.vibration_sensor_in)
      if (row.selected) tags.set(`${row.sensorId}.battery`, EVS_BATTERY_UNIT);
  return tags;
}
