import { bearingDefectFrequencies, type FailureModeScore } from '@sdp/analytics';
import type { EventDiagnosis, EventFailureMode, EventPart, ModelSettings } from '@sdp/contracts';
import { diagnoseCapture, sensorMarkContext } from '../analysis/capture-diagnosis.ts';
import type { MonitoredLimit } from '../analysis/limits.ts';
import type { MasterData } from '../models/master.repository.ts';

/**
 * Failure mode and part of each monitored tag of the master data (spec 02 §3 rows): what a level past its limit
 * means when no spectrum says more. Vibration sensors' own tags (`<sensor>.<quantity>[.<axis>]`) follow below.
 */
const TAG_MEANING: Record<string, [EventFailureMode, EventPart]> = {
  load_current_a: ['overload', 'winding'],
  load_current_b: ['overload', 'winding'],
  load_current_c: ['overload', 'winding'],
  voltage_hv: ['overvoltage', 'winding'],
  load_factor: ['overload', 'winding'],
  top_oil_temperature: ['overheating', 'main_tank'],
  hot_spot_temperature: ['overheating', 'winding'],
  ambient_temperature: ['overheating', 'cooling_system'],
  accessory_oil_level: ['oil_level_low', 'main_tank'],
  moisture_in_oil: ['moisture', 'main_tank'],
  locus_sum_a: ['winding_deformation', 'winding'],
  locus_sum_b: ['winding_deformation', 'winding'],
  locus_sum_c: ['winding_deformation', 'winding'],
  pd_main_tank: ['partial_discharge', 'main_tank'],
  pd_pulse_rate: ['partial_discharge', 'main_tank'],
  bushing_capacitance_change: ['bushing_insulation', 'bushing'],
  bushing_tan_delta: ['bushing_insulation', 'bushing'],
  fan_current: ['cooling', 'cooling_system'],
  cooling_efficiency: ['cooling', 'cooling_system'],
  h2: ['dissolved_gas', 'main_tank'],
  ch4: ['dissolved_gas', 'main_tank'],
  c2h6: ['dissolved_gas', 'main_tank'],
  c2h4: ['dissolved_gas', 'main_tank'],
  c2h2: ['dissolved_gas', 'main_tank'],
  co: ['dissolved_gas', 'main_tank'],
  co2: ['dissolved_gas', 'main_tank'],
  tdcg: ['dissolved_gas', 'main_tank'],
  oltc_h2: ['oltc_gas', 'oltc'],
  oltc_c2h2: ['oltc_gas', 'oltc'],
  oltc_c2h4: ['oltc_gas', 'oltc'],
  oltc_operations: ['oltc_mechanism', 'oltc'],
  oltc_motor_torque: ['oltc_mechanism', 'oltc'],
  broken_rotor_bar: ['broken_rotor_bar', 'rotor'],
  short_turn: ['stator_short_turn', 'stator'],
  current_unbalance: ['current_unbalance', 'stator'],
  eccentric_airgap: ['eccentricity', 'air_gap'],
  bearing_failure: ['bearing_current', 'bearing'],
  terminal_loose: ['terminal_loose', 'terminal_box'],
  ground_fault: ['ground_fault', 'insulation'],
  thd_current: ['power_quality', 'power_supply'],
  voltage_unbalance: ['power_quality', 'power_supply'],
  load_oscillation: ['load_oscillation', 'driven_load'],
  dc_link_capacitor: ['capacitor_ageing', 'dc_link_capacitor'],
  cooling_fan: ['fan_ageing', 'cooling_fan'],
  dc_bus_voltage: ['dc_overvoltage', 'dc_link_capacitor'],
  heatsink_temperature: ['overheating', 'power_stage'],
  output_current: ['overload', 'drive_output'],
  control_card_temperature: ['overheating', 'control_card'],
  dc_ripple: ['dc_ripple', 'dc_link_capacitor'],
  motor_load: ['overload', 'driven_load'],
  cabinet_temperature: ['overheating', 'cabinet'],
};

/** Parts of the vibration engine's modes. */
const ENGINE_PART: Record<FailureModeScore['mode'], EventPart> = {
  unbalance: 'shaft',
  misalignment: 'coupling',
  looseness: 'mounting',
  bearing: 'bearing',
  gear: 'gear',
};

const BEARING_MODE = {
  bpfo: 'bearing_outer_race',
  bpfi: 'bearing_inner_race',
  bsf: 'bearing_rolling_element',
  ftf: 'bearing_cage',
} as const;

/** The event failure mode of a vibration engine score (a bearing score names its defect family). */
export function engineModeOf(score: Pick<FailureModeScore, 'mode' | 'defect'>): EventFailureMode {
  return score.mode === 'bearing' ? BEARING_MODE[score.defect ?? 'bpfo'] : score.mode;
}

/** Mode and part of a tag from its code: master-data tags, vibration quantities, component temperatures, scores. */
function meaningOf(tag: string, settings: ModelSettings): [EventFailureMode, EventPart] {
  const known = TAG_MEANING[tag];
  if (known) return known;
  if (settings.q_setting_in.some((row) => row.score === tag)) return ['anomaly', 'machine'];
  const [base = '', quantity = ''] = tag.split('.');
  // A drive component's temperature history (`dc_link_capacitor.temperature`) heats that component.
  if (quantity === 'temperature' && TAG_MEANING[base]) return ['overheating', TAG_MEANING[base][1]];
  const last = quantity || base;
  if (last.endsWith('velocity')) return ['vibration_velocity', 'machine'];
  if (last.endsWith('acceleration') || last.endsWith('envelope'))
    return ['vibration_acceleration', 'bearing'];
  if (last.endsWith('temperature')) return ['overheating', 'bearing'];
  if (last.endsWith('battery')) return ['sensor_battery', 'sensor'];
  return ['limit_exceeded', 'machine'];
}

/** Where a vibration sensor sits, by name: its position ('Motor DE'), else its name. */
function locationOf(tag: string, settings: ModelSettings): string {
  const sensorId = tag.split('.')[0];
  const raw = settings.raw_vibration_sensor_in.find((row) => row.sensorId === sensorId);
  if (raw) return raw.positionType || raw.sensorName;
  return settings.vibration_sensor_in.find((row) => row.sensorId === sensorId)?.sensorName ?? '';
}

/**
 * The vibration engine's verdict on one capture of an RVS sensor axis: the worst failure mode at warning or above
 * (highest status, then percent), its indicator and the line it stands on; found null when every mode is normal.
 */
export function engineVerdict(
  capture: { samples: Float32Array; sampleRate: number; capturedAt: Date },
  sensor: ModelSettings['raw_vibration_sensor_in'][number],
  config: (tag: string) => string | undefined,
  bearings: MasterData['bearings'],
): NonNullable<EventDiagnosis['engine']> {
  const context = sensorMarkContext(sensor, config, bearings);
  const scores = diagnoseCapture(capture.samples, capture.sampleRate, context);
  const worst = scores
    .filter((score) => score.status > 0)
    .sort((a, b) => b.status - a.status || b.percent - a.percent)[0];
  const capturedAt = capture.capturedAt.toISOString();
  if (!worst) return { found: null, capturedAt };
  const shaftHz = context.shaftHz;
  let frequencyHz: number | null = null;
  if (worst.mode === 'bearing' && worst.defect && context.bearing && shaftHz) {
    const lines = bearingDefectFrequencies(context.bearing, shaftHz * 60);
    frequencyHz = worst.defect === 'bsf' ? 2 * lines.bsf : lines[worst.defect];
  } else if (shaftHz && (worst.mode === 'unbalance' || worst.mode === 'misalignment')) {
    frequencyHz = (worst.mode === 'unbalance' ? 1 : 2) * shaftHz;
  }
  return {
    found: {
      mode: engineModeOf(worst),
      status: worst.status as 1 | 2,
      indicator: worst.indicator,
      frequencyHz,
    },
    capturedAt,
  };
}

/**
 * What an event says is wrong (issue 26 item 2): the failure mode and part the vibration engine found on the
 * capture before the event when it found one, else what the tag's level means; where it is, the value against the
 * crossed limit, and the workbook's recommendation for the tag when the model has one.
 */
export function eventDiagnosisOf(input: {
  event: {
    tag: string;
    alarm_type: 1 | 2;
    alarm_value: number;
    warning_limit: number | null;
    alarm_limit: number | null;
  };
  limit: Pick<MonitoredLimit, 'name' | 'direction'> | undefined;
  unit: string;
  settings: ModelSettings;
  engine: EventDiagnosis['engine'];
  workbookRecommendation: string | undefined;
}): EventDiagnosis {
  const { event, engine } = input;
  const [tagMode, tagPart] = meaningOf(event.tag, input.settings);
  const found = engine?.found ?? null;
  const mode = found ? found.mode : tagMode;
  const engineMode = (['unbalance', 'misalignment', 'looseness', 'gear'] as const).find((m) => m === mode);
  const part = found ? (engineMode ? ENGINE_PART[engineMode] : 'bearing') : tagPart;
  return {
    mode,
    part,
    location: locationOf(event.tag, input.settings),
    quantity: input.limit?.name ?? event.tag,
    value: event.alarm_value,
    limit: event.alarm_type === 2 ? event.alarm_limit : event.warning_limit,
    unit: input.unit,
    level: event.alarm_type,
    direction: input.limit?.direction ?? 'high',
    engine,
    workbookRecommendation: input.workbookRecommendation || null,
  };
}
