/**
 * Tag naming (docs: the server's `monitoredTags`): transformer, MCA and VCA tags are the sensor types' tag
 * codes (h2, top_oil_temperature …); EVS `<sensorId>.<velocity|acceleration|temperature>`; RVS
 * `<sensorId>.<acceleration|velocity|envelope>.<x|y|z>`, `<sensorId>.temperature` and `<sensorId>.battery`;
 * a q_setting row adds its `score`.
 */
import { type LimitSection, limitSectionGroups } from '@sdp/contracts';
import { ALARM_LIMIT_GROUPS, type ModelTypeId, SENSOR_TYPES } from './master-data.ts';
import type { ModelCreateInput, PlantModel } from './plant.ts';

/** Monitored rows of a limit section: the payload's, or (section left out) every sensor type of its groups. */
function limitTags(
  typeId: ModelTypeId,
  create: ModelCreateInput,
  section: LimitSection,
  groups: readonly string[],
) {
  const tagOf = new Map(SENSOR_TYPES.map((sensor) => [sensor.id, sensor.tag]));
  const given = create[section];
  if (given)
    return given.filter((row) => row.isSelect !== false).map((row) => tagOf.get(row.sensorTypeId) ?? '');
  const ids = new Set(groups.map((code) => ALARM_LIMIT_GROUPS[typeId][code]));
  return SENSOR_TYPES.filter((sensor) => ids.has(sensor.groupId)).map((sensor) => sensor.tag);
}

/** The tags the server monitors for a plant model once created from its payload, in the server's order. */
export function monitoredTags(model: PlantModel): string[] {
  const { create } = model;
  const tags = Object.entries(limitSectionGroups[model.typeId]).flatMap(([section, groups]) =>
    limitTags(model.typeId, create, section as LimitSection, groups),
  );
  for (const row of create.vibration_sensor_in ?? []) {
    if (row.selected !== false) {
      tags.push(`${row.sensorId}.acceleration`, `${row.sensorId}.velocity`, `${row.sensorId}.temperature`);
    }
  }
  for (const row of create.raw_vibration_sensor_in ?? []) {
    for (const quantity of ['acceleration', 'velocity', 'envelope']) {
      for (const axis of ['x', 'y', 'z']) tags.push(`${row.sensorId}.${quantity}.${axis}`);
    }
    tags.push(`${row.sensorId}.temperature`, `${row.sensorId}.battery`);
  }
  for (const row of create.q_setting_in ?? []) tags.push(row.score);
  return [...new Set(tags)];
}
