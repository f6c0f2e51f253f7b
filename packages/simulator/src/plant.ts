/**
 * The demo plant as data (no I/O): folders, equipment tags and models of all five types in the shape of the
 * server's create payloads, and the faults that develop over the 90-day timeline. The server seeds these
 * into the 'Demo Plant' company and then feeds them with `runDemo` (stream.ts).
 */
import type { EquipmentGroupType, ModelSettingsInput } from '@sdp/contracts';
import {
  BEARINGS,
  DEMO_VSD_MODEL,
  MACHINE_TEMPLATE,
  MODEL_TYPE,
  MODEL_TYPE_SHORT,
  MOTOR_BEARING,
  type ModelTypeId,
  SENSOR_POINT,
  sensorType,
} from './master-data.ts';

/** A folder; `parentKey` null hangs it under the company's primary folder, which the server creates. */
export interface PlantFolder {
  readonly key: string;
  /** Shown upper case (the server upper-cases folder names). */
  readonly title: string;
  readonly parentKey: string | null;
}

/** An equipment tag: code (A–Z, 0–9), name, group type, position (degrees, both within 1–200), image. */
export interface PlantTag {
  readonly code: string;
  readonly name: string;
  readonly folderKey: string;
  readonly groupType: EquipmentGroupType;
  readonly lat: number;
  readonly lng: number;
  /** File name of the tag's picture; the bytes come from `tagImagePng`. */
  readonly imageName: string;
}

/** The five demo faults. */
export type FaultKind =
  | 'dga-thermal-t2'
  | 'broken-rotor-bar'
  | 'dc-link-capacitor-ageing'
  | 'misalignment'
  | 'outer-race-defect';

/**
 * A fault that develops over the timeline (day 0 = the first day of history, day 90 = now at the first
 * start). Its leading indicator crosses the default warning limit on `warningDay` and the alarm limit on
 * `alarmDay`; after day {@link FAULT_PLATEAU_DAY} the fault stops growing, so a long-running demo stays put.
 */
export interface PlantFault {
  readonly kind: FaultKind;
  readonly description: string;
  readonly onsetDay: number;
  readonly warningDay: number;
  readonly alarmDay: number;
  /** The tag whose limits the days refer to (computed by the server for RUL and waveform features). */
  readonly indicator: string;
  /** The sensor carrying the fault, for EVS and RVS models. */
  readonly sensorId?: string;
}

/** Fault growth stops on this timeline day (five days after the first start's 'now'). */
export const FAULT_PLATEAU_DAY = 95;

/** Length of the demo timeline in days: day 90 is 'now' on the first start. */
export const TIMELINE_DAYS = 90;

type SectionInputs = Omit<ModelSettingsInput, 'model_in' | 'configuration_in' | 'rvs_diagram_in'>;

/**
 * Body of POST /equipment-models without `equipment_tag_id` (contracts `createModelPayload`): the model's
 * title and type and the sections given; a section left out gets the type's defaults on the server.
 */
export interface ModelCreateInput extends Partial<SectionInputs> {
  readonly model_in: ModelSettingsInput['model_in'] & { readonly equipmentModelTypeId: ModelTypeId };
}

/** A model on a tag. `code` is the code the server gives it: `<tag code>-<type short code><n>`. */
export interface PlantModel {
  readonly code: string;
  readonly tagCode: string;
  readonly typeId: ModelTypeId;
  readonly create: ModelCreateInput;
  /** null: a healthy model that stays normal. */
  readonly fault: PlantFault | null;
}

/** The whole demo plant. */
export interface Plant {
  readonly company: {
    readonly title: string;
    readonly initialCode: string;
    readonly timeZone: string;
    /** Offset of the plant's local time (Asia/Bangkok has no daylight saving): daily load and weather follow it. */
    readonly utcOffsetHours: number;
  };
  /** Parents before children. */
  readonly folders: readonly PlantFolder[];
  readonly tags: readonly PlantTag[];
  readonly models: readonly PlantModel[];
}

/** The model code the server assigns to the first model of a type on a tag. */
export function firstModelCode(tagCode: string, typeId: ModelTypeId): string {
  return `${tagCode}-${MODEL_TYPE_SHORT[typeId]}1`;
}

/** Shaft speed of the pump train and the fan motor, rpm. */
export const PUMP_SPEED_RPM = 1480;
/** Rated (and running) speed of the MCA motors: 4 poles on 50 Hz, slip 0.02. */
export const MOTOR_SPEED_RPM = 1470;

/** A model of a type on a tag, with the payload sections given (the others get the server's defaults). */
function modelOn(
  tagCode: string,
  typeId: ModelTypeId,
  title: string,
  sections: Partial<SectionInputs>,
  fault: PlantFault | null,
  isRVSRealtimeReport = false,
): PlantModel {
  return {
    code: firstModelCode(tagCode, typeId),
    tagCode,
    typeId,
    create: { model_in: { title, equipmentModelTypeId: typeId, isRVSRealtimeReport }, ...sections },
    fault,
  };
}

/** Reference V–I locus ellipses of a healthy transformer (one per phase): a, b semi-axes, tilt in degrees. */
function locusRows(seedAngle: number) {
  return (['A', 'B', 'C'] as const).map((phase, i) => {
    const a = 12.4 + 0.15 * i;
    const b = 1.32 + 0.02 * i;
    return {
      locus_name: `Phase ${phase}`,
      a,
      b,
      angle: seedAngle + 0.3 * i,
      e: Math.sqrt(1 - (b * b) / (a * a)),
      area: Math.PI * a * b,
    };
  });
}

function transformer(tagCode: string, title: string, fault: PlantFault | null): PlantModel {
  const correlation = {
    tagCode: ['top_oil_temperature', 'load_factor'],
    tagA: 'load_factor',
    tagB: 'top_oil_temperature',
    score: TOP_OIL_LOAD_SCORE,
    warning: 3,
    alarm: 5,
  };
  const sections = { v_and_i_locus_in: locusRows(84.2), q_setting_in: [correlation] };
  return modelOn(tagCode, MODEL_TYPE.transformer, title, sections, fault);
}

/** Tag of the anomaly score the server computes for top-oil temperature against load factor. */
export const TOP_OIL_LOAD_SCORE = 'top_oil_temperature_vs_load_factor';

function motor(tagCode: string, title: string, fault: PlantFault | null): PlantModel {
  const data = [
    ['rated_power', 'Rated power', 110],
    ['rated_voltage', 'Rated voltage', 400],
    ['rated_current', 'Rated current', 190],
    ['rated_speed', 'Rated speed', MOTOR_SPEED_RPM],
    ['poles', 'Number of poles', 4],
    ['supply_frequency', 'Supply frequency', 50],
  ] as const;
  const rows = data.map(([tag, name, value]) => ({ modelConfigurationTagCode: tag, title: name, value }));
  // DE and NDE bearings from the catalogue (6316, as the master data's '6316 C3'): the MCSA bearing lines.
  const bearings = [
    {
      modelConfigurationTagCode: 'bearing_de',
      title: 'Bearing DE',
      value: null,
      bearingId: MOTOR_BEARING.id,
    },
    {
      modelConfigurationTagCode: 'bearing_nde',
      title: 'Bearing NDE',
      value: null,
      bearingId: MOTOR_BEARING.id,
    },
  ];
  return modelOn(tagCode, MODEL_TYPE.mca, title, { motor_data_in: [...rows, ...bearings] }, fault);
}

/**
 * Use of the demo drive before monitoring began: 2,600 days at 24 h a day. The server counts it as initial
 * damage initial_day × avg_rate / expectedLifeTime (L0 when none is given): 62,400 h / 83,200 h = 0.75 for the
 * capacitors (remaining life starts near 25 %), 62,400 h / 160,000 h = 0.39 for the fan. The expected lives
 * are what the parts would have lasted at their past operating temperatures.
 */
export const DRIVE_LIFE = {
  initialDay: 2600,
  avgRate: 24,
  capacitorExpectedLifeHours: 83_200,
  fanExpectedLifeHours: 160_000,
} as const;

function drive(tagCode: string, title: string, fault: PlantFault | null): PlantModel {
  const lifeRow = (tag: 'dc_link_capacitor' | 'cooling_fan', l0: number, tmax: number, expected: number) => {
    const sensor = sensorType(MODEL_TYPE.vca, tag);
    return {
      sensorTypeId: sensor.id,
      sensorGroupId: sensor.groupId,
      warning: sensor.warning,
      alarm: sensor.alarm,
      rul_warning: sensor.warning,
      rul_alarm: sensor.alarm,
      isSelect: true,
      isAlert: true,
      tagCode: tag,
      brandId: DEMO_VSD_MODEL.brandId,
      vsdModelId: DEMO_VSD_MODEL.id,
      initial_day: DRIVE_LIFE.initialDay,
      avg_rate: DRIVE_LIFE.avgRate,
      l0,
      tmax,
      expectedLifeTime: expected,
    };
  };
  const sections = {
    vsd_alarm_limit_sensor_new_in: [
      lifeRow(
        'dc_link_capacitor',
        DEMO_VSD_MODEL.capacitorLifeHours,
        DEMO_VSD_MODEL.capacitorRatedC,
        DRIVE_LIFE.capacitorExpectedLifeHours,
      ),
      lifeRow(
        'cooling_fan',
        DEMO_VSD_MODEL.fanLifeHours,
        DEMO_VSD_MODEL.fanRatedC,
        DRIVE_LIFE.fanExpectedLifeHours,
      ),
    ],
    motor_data_in: [
      { modelConfigurationTagCode: 'motor_power', title: 'Motor rated power', value: 90 },
      { modelConfigurationTagCode: 'motor_speed', title: 'Motor rated speed', value: 1485 },
    ],
  };
  return modelOn(tagCode, MODEL_TYPE.vca, title, sections, fault);
}

/** Ids of the three EVS sensors of a fan train: motor (driver), gearbox (transmission), fan (driven). */
export function fanSensorIds(tagCode: string): readonly [string, string, string] {
  return [`${tagCode}-DRV`, `${tagCode}-TRN`, `${tagCode}-DRN`];
}

function fan(tagCode: string, title: string, fault: PlantFault | null): PlantModel {
  const [driver, transmission, driven] = fanSensorIds(tagCode);
  const limits = {
    acceleration: { warning: 10, alarm: 20 },
    velocity: { warning: 2.8, alarm: 4.5 },
    temperature: { warning: 80, alarm: 95 },
  };
  const row = (sensorId: string, sensorName: string, sensorPointId: number) => ({
    sensorId,
    sensorName,
    ...limits,
    sensorPointId,
    machineTemplateId: MACHINE_TEMPLATE.motorGearboxDriven,
    selected: true,
  });
  const rows = [
    row(driver, 'Motor DE', SENSOR_POINT.motorDe),
    row(transmission, 'Gearbox input', SENSOR_POINT.gearboxInput),
    row(driven, 'Fan DE', SENSOR_POINT.fanDe),
  ];
  return modelOn(tagCode, MODEL_TYPE.evs, title, { vibration_sensor_in: rows }, fault);
}

/** Ids of the two RVS sensors of a pump train: motor drive end (driver) and pump drive end (driven). */
export function pumpSensorIds(tagCode: string): readonly [string, string] {
  return [`${tagCode}-MDE`, `${tagCode}-PDE`];
}

/** Catalogue bearing under each RVS sensor of the pump train. */
export const PUMP_TRAIN_BEARINGS = { motor: BEARINGS['6310'], pump: BEARINGS['6309'] } as const;

function pump(tagCode: string, title: string, fault: PlantFault | null): PlantModel {
  const [motorEnd, pumpEnd] = pumpSensorIds(tagCode);
  const limits = (['velocity', 'acceleration', 'envelope'] as const).flatMap((type) => {
    const sensor = sensorType(MODEL_TYPE.rvs, type);
    return (['x', 'y', 'z'] as const).map((axis) => ({
      type,
      axis,
      warning: sensor.warning,
      alarm: sensor.alarm,
    }));
  });
  const row = (sensorId: string, sensorName: string, machine: 'driver' | 'driven', bearingId: number) => ({
    sensorId,
    sensorName,
    positionType: sensorName,
    machine,
    bearingId,
    rotatingSpeed: PUMP_SPEED_RPM,
    axisLabels: { x: 'H', y: 'V', z: 'A' },
    limits,
    temperatureLimit: { warning: 80, alarm: 95 },
    batteryLimit: { warning: 20, alarm: 10 },
  });
  const rows = [
    row(motorEnd, 'Motor DE', 'driver', PUMP_TRAIN_BEARINGS.motor.id),
    row(pumpEnd, 'Pump DE', 'driven', PUMP_TRAIN_BEARINGS.pump.id),
  ];
  // The pump train is in the RVS real-time report.
  return modelOn(tagCode, MODEL_TYPE.rvs, title, { raw_vibration_sensor_in: rows }, fault, true);
}

// Map Ta Phut industrial estate, Rayong: the plant's blocks a few hundred metres apart.
const SITE = {
  substation: { lat: 12.7121, lng: 101.1503 },
  pumps: { lat: 12.7098, lng: 101.1541 },
  mcc: { lat: 12.7102, lng: 101.1536 },
  coolingTower: { lat: 12.7084, lng: 101.1566 },
};

function tag(
  code: string,
  name: string,
  folderKey: string,
  groupType: EquipmentGroupType,
  at: { lat: number; lng: number },
  offset: number,
): PlantTag {
  return {
    code,
    name,
    folderKey,
    groupType,
    lat: Number((at.lat + 0.0002 * offset).toFixed(6)),
    lng: Number((at.lng + 0.0003 * offset).toFixed(6)),
    imageName: `${code.toLowerCase()}.png`,
  };
}

/** The demo plant: 5 folders, 8 tags, 8 models (every type, five of them with a developing fault). */
export const demoPlant: Plant = {
  company: { title: 'Demo Plant', initialCode: 'DEMO', timeZone: 'Asia/Bangkok', utcOffsetHours: 7 },
  folders: [
    { key: 'substation', title: 'SUBSTATION', parentKey: null },
    { key: 'yard', title: '115 KV YARD', parentKey: 'substation' },
    { key: 'pump-house', title: 'PUMP HOUSE', parentKey: null },
    { key: 'cooling-water', title: 'COOLING WATER PUMPS', parentKey: 'pump-house' },
    { key: 'mcc', title: 'MCC ROOM', parentKey: 'pump-house' },
    { key: 'cooling-tower', title: 'COOLING TOWER', parentKey: null },
  ],
  tags: [
    tag('TX1', 'Main transformer 1, 115/22 kV 50 MVA', 'yard', 'electric', SITE.substation, 0),
    tag('TX2', 'Main transformer 2, 115/22 kV 50 MVA', 'yard', 'electric', SITE.substation, 1),
    tag('P101', 'Cooling water pump 101', 'cooling-water', 'rotating', SITE.pumps, 0),
    tag('P102', 'Cooling water pump 102 motor', 'cooling-water', 'rotating', SITE.pumps, 1),
    tag('P103', 'Cooling water pump 103 motor', 'cooling-water', 'rotating', SITE.pumps, 2),
    tag('VSD1', 'Cooling tower fan 1 drive', 'mcc', 'electric', SITE.mcc, 0),
    tag('FAN1', 'Cooling tower fan 1', 'cooling-tower', 'rotating', SITE.coolingTower, 0),
    tag('FAN2', 'Cooling tower fan 2', 'cooling-tower', 'rotating', SITE.coolingTower, 1),
  ],
  models: [
    transformer('TX1', 'Main transformer 1', {
      kind: 'dga-thermal-t2',
      description:
        'Thermal fault 300–700 °C in oil: CH4 and C2H4 rise, Duval Triangle 1 moves from T1 into T2.',
      onsetDay: 20,
      warningDay: 62,
      alarmDay: 84,
      indicator: 'c2h4',
    }),
    transformer('TX2', 'Main transformer 2', null),
    pump('P101', 'Cooling water pump 101 train', {
      kind: 'outer-race-defect',
      description:
        'Outer-race defect of the pump drive-end bearing (6309): impacts at BPFO ring a 3 kHz resonance.',
      onsetDay: 30,
      warningDay: 64,
      alarmDay: 85,
      indicator: 'P101-PDE.acceleration.y',
      sensorId: 'P101-PDE',
    }),
    motor('P102', 'Cooling water pump 102 motor', {
      kind: 'broken-rotor-bar',
      description: 'Cracked rotor bar: current sidebands at f(1 ± 2s) rise from −55 dB past −45 and −40 dB.',
      onsetDay: 22,
      warningDay: 62,
      alarmDay: 82,
      indicator: 'broken_rotor_bar',
    }),
    motor('P103', 'Cooling water pump 103 motor', null),
    drive('VSD1', 'Cooling tower fan 1 drive', {
      kind: 'dc-link-capacitor-ageing',
      description:
        'DC-link capacitors ageing: ESR and ripple rise, the capacitors run hotter, remaining life falls.',
      onsetDay: 10,
      warningDay: 54,
      alarmDay: 88,
      indicator: 'dc_link_capacitor',
    }),
    fan('FAN1', 'Cooling tower fan 1', {
      kind: 'misalignment',
      description:
        'Motor–gearbox misalignment: the 2× component raises velocity at the motor and gearbox input.',
      onsetDay: 25,
      warningDay: 60,
      alarmDay: 84,
      indicator: 'FAN1-DRV.velocity',
      sensorId: 'FAN1-DRV',
    }),
    fan('FAN2', 'Cooling tower fan 2', null),
  ],
};
