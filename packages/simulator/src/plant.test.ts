import { randomUUID } from 'node:crypto';
import { createEquipmentTagRequest, createFolderRequest, createModelPayload } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import { LIFE_TEMPERATURE_TAGS } from './generators/drive.ts';
import { modelSimulator } from './generators/simulators.ts';
import {
  ALARM_LIMIT_GROUPS,
  BEARINGS,
  DEMO_VSD_MODEL,
  MACHINE_TEMPLATE,
  MODEL_TYPE,
  SENSOR_POINT,
  SENSOR_TYPES,
} from './master-data.ts';
import { demoPlant, firstModelCode } from './plant.ts';
import { monitoredTags } from './tags.ts';
import { contextFor, masterRows } from './test-helpers.ts';

describe('the demo plant', () => {
  it('has folders whose parents come first and tags whose folders exist', () => {
    const seen = new Set<string>();
    for (const folder of demoPlant.folders) {
      if (folder.parentKey !== null) expect(seen, folder.key).toContain(folder.parentKey);
      expect(
        createFolderRequest.parse({
          parentId: randomUUID(),
          companies_id: randomUUID(),
          structureItemTitle: folder.title,
        }).structureItemTitle,
      ).toBe(folder.title);
      seen.add(folder.key);
    }
    for (const tag of demoPlant.tags) expect(seen, tag.code).toContain(tag.folderKey);
  });

  it('has tags the server accepts: A–Z0-9 codes, group types, positions within 1–200, unique codes', () => {
    for (const tag of demoPlant.tags) {
      const parsed = createEquipmentTagRequest.parse({
        structureItemTitle: tag.code,
        structureItemAlias: tag.name,
        equipmentGroupType: tag.groupType,
        posLat: tag.lat,
        posLng: tag.lng,
        companies_id: randomUUID(),
      });
      expect(parsed.structureItemTitle).toBe(tag.code);
      // Map Ta Phut, Rayong.
      expect(tag.lat).toBeCloseTo(12.71, 1);
      expect(tag.lng).toBeCloseTo(101.15, 1);
    }
    expect(new Set(demoPlant.tags.map((tag) => tag.code)).size).toBe(demoPlant.tags.length);
  });

  it('has models of all five types, each a valid create payload on an existing tag, coded as the server codes them', () => {
    const tags = new Set(demoPlant.tags.map((tag) => tag.code));
    for (const model of demoPlant.models) {
      expect(tags, model.code).toContain(model.tagCode);
      expect(model.code).toBe(firstModelCode(model.tagCode, model.typeId));
      expect(model.code).toMatch(/^[A-Z0-9]+-(TR|MCA|VCA|EVS|RVS)1$/);
      const payload = createModelPayload.parse({ ...model.create, equipment_tag_id: randomUUID() });
      expect(payload.model_in.equipmentModelTypeId).toBe(model.typeId);
    }
    expect(new Set(demoPlant.models.map((model) => model.typeId))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(new Set(demoPlant.models.map((model) => model.code)).size).toBe(demoPlant.models.length);
  });

  it('has one developing fault of each kind, each next to a healthy model of the same type except the drive', () => {
    const faults = demoPlant.models.flatMap((model) => (model.fault ? [model.fault.kind] : []));
    expect(faults.sort()).toEqual([
      'broken-rotor-bar',
      'dc-link-capacitor-ageing',
      'dga-thermal-t2',
      'misalignment',
      'outer-race-defect',
    ]);
    for (const typeId of [MODEL_TYPE.transformer, MODEL_TYPE.mca, MODEL_TYPE.evs]) {
      expect(demoPlant.models.some((model) => model.typeId === typeId && model.fault === null)).toBe(true);
    }
    for (const model of demoPlant.models) {
      const fault = model.fault;
      if (!fault) continue;
      expect(fault.onsetDay).toBeLessThan(fault.warningDay);
      expect(fault.warningDay).toBeGreaterThanOrEqual(50);
      expect(fault.warningDay).toBeLessThanOrEqual(70);
      expect(fault.alarmDay).toBeGreaterThanOrEqual(80);
      expect(fault.alarmDay).toBeLessThanOrEqual(90);
      expect(monitoredTags(model), model.code).toContain(fault.indicator);
    }
  });

  it('names the RVS and EVS sensors in the payload as the generators name their tags', () => {
    const fan = demoPlant.models.find((model) => model.code === 'FAN1-EVS1')!;
    expect(fan.create.vibration_sensor_in?.map((row) => row.sensorId)).toEqual([
      'FAN1-DRV',
      'FAN1-TRN',
      'FAN1-DRN',
    ]);
    expect(monitoredTags(fan)).toEqual([
      'FAN1-DRV.acceleration',
      'FAN1-DRV.velocity',
      'FAN1-DRV.temperature',
      'FAN1-TRN.acceleration',
      'FAN1-TRN.velocity',
      'FAN1-TRN.temperature',
      'FAN1-DRN.acceleration',
      'FAN1-DRN.velocity',
      'FAN1-DRN.temperature',
    ]);
    const pump = demoPlant.models.find((model) => model.code === 'P101-RVS1')!;
    const rows = pump.create.raw_vibration_sensor_in!;
    expect(rows.map((row) => [row.sensorId, row.machine, row.bearingId, row.rotatingSpeed])).toEqual([
      ['P101-MDE', 'driver', BEARINGS['6310'].id, 1480],
      ['P101-PDE', 'driven', BEARINGS['6309'].id, 1480],
    ]);
    expect(monitoredTags(pump).filter((tag) => tag.startsWith('P101-PDE.'))).toEqual([
      'P101-PDE.acceleration.x',
      'P101-PDE.acceleration.y',
      'P101-PDE.acceleration.z',
      'P101-PDE.velocity.x',
      'P101-PDE.velocity.y',
      'P101-PDE.velocity.z',
      'P101-PDE.envelope.x',
      'P101-PDE.envelope.y',
      'P101-PDE.envelope.z',
      'P101-PDE.temperature',
      'P101-PDE.battery',
    ]);
  });

  it('sends or leaves to the server exactly the monitored tags of every model, plus the drive life temperatures and the edge sensors’ batteries', () => {
    for (const model of demoPlant.models) {
      const simulator = modelSimulator(model, contextFor());
      const sent = simulator.scalars.map((channel) => channel.tag);
      const extra =
        model.typeId === MODEL_TYPE.vca
          ? Object.values(LIFE_TEMPERATURE_TAGS)
          : model.typeId === MODEL_TYPE.evs
            ? (model.create.vibration_sensor_in ?? []).map((row) => `${row.sensorId}.battery`)
            : [];
      expect(new Set(sent).size, model.code).toBe(sent.length);
      expect(new Set([...sent, ...simulator.derivedTags]), model.code).toEqual(
        new Set([...monitoredTags(model), ...extra]),
      );
      expect(
        sent.filter((tag) => simulator.derivedTags.includes(tag)),
        model.code,
      ).toEqual([]);
    }
  });

  it('monitors every sensor type of the SQL master data on a transformer left with default limits', () => {
    const sqlTags = masterRows('sensor_types')
      .filter((row) => row[2] === '1')
      .map((row) => row[3]);
    const transformer = demoPlant.models.find((model) => model.code === 'TX1-TR1')!;
    expect(transformer.create.alarm_limit_sensor_new_in).toBeUndefined();
    expect(monitoredTags(transformer)).toEqual([...sqlTags, 'top_oil_temperature_vs_load_factor']);
  });
});

describe('master data copied from 0004_model_master_data.sql and 0015_pd_captures.sql', () => {
  it('matches the sensor types: ids, groups, types, tag codes, units, default limits, directions', () => {
    const rows = masterRows('sensor_types').map(
      ([id, group, type, tag, , unit, warning, alarm, direction]) => ({
        id: Number(id),
        groupId: Number(group),
        modelTypeId: Number(type),
        tag,
        unit,
        warning: Number(warning),
        alarm: Number(alarm),
        direction,
      }),
    );
    expect(rows).toHaveLength(66);
    expect(SENSOR_TYPES).toEqual(rows);
  });

  it('matches the alarm-limit groups', () => {
    const rows = masterRows('alarm_limit_groups');
    const copied = Object.entries(ALARM_LIMIT_GROUPS).flatMap(([type, groups]) =>
      Object.entries(groups).map(([code, id]) => [String(id), type, code]),
    );
    expect(copied.sort()).toEqual(rows.map(([id, type, code]) => [id, type, code]).sort());
  });

  it('matches the bearings, the drive model, the sensor points and the machine templates', () => {
    const bearings = masterRows('bearings');
    for (const bearing of Object.values(BEARINGS)) {
      expect(bearings).toContainEqual([
        String(bearing.id),
        bearing.designation,
        String(bearing.rollingElements),
        String(bearing.ballDiameter),
        bearing.pitchDiameter === 80 ? '80.0' : String(bearing.pitchDiameter),
        String(bearing.contactAngleDeg),
      ]);
    }
    const vsd = DEMO_VSD_MODEL;
    expect(masterRows('vsd_models')).toContainEqual(
      [
        vsd.id,
        vsd.brandId,
        vsd.name,
        vsd.capacitorLifeHours,
        vsd.capacitorRatedC,
        vsd.fanLifeHours,
        vsd.fanRatedC,
      ].map(String),
    );
    const points = new Map(masterRows('sensor_points').map(([id, name]) => [Number(id), name]));
    expect(
      [SENSOR_POINT.motorDe, SENSOR_POINT.gearboxInput, SENSOR_POINT.pumpDe, SENSOR_POINT.fanDe].map((id) =>
        points.get(id),
      ),
    ).toEqual(['Motor DE', 'Gearbox input', 'Pump DE', 'Fan DE']);
    const templates = new Map(masterRows('machine_templates').map(([id, name]) => [Number(id), name]));
    expect(templates.get(MACHINE_TEMPLATE.motorPump)).toBe('Motor – pump');
    expect(templates.get(MACHINE_TEMPLATE.motorGearboxDriven)).toBe('Motor – gearbox – driven');
  });
});
