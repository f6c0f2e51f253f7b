import type { ModelSettings } from '@sdp/contracts';

/** The list sections of the update form that belong to some model types only. */
export type TypeSection = keyof Omit<
  ModelSettings,
  'model_in' | 'configuration_in' | 'alarm_management' | 'rvs_diagram_in'
>;

export const TRANSFORMER = 1;
export const MCA = 2;
export const VCA = 3;
export const EVS = 4;
export const RVS = 5;

/** Which sections each model type carries (spec 02 §2.2); every type also has configuration_in and alarm_management. */
export const SECTIONS_BY_TYPE: Readonly<Record<number, readonly TypeSection[]>> = {
  [TRANSFORMER]: ['alarm_limit_sensor_new_in', 'v_and_i_locus_in', 'q_setting_in'],
  [MCA]: ['mca_alarm_limit_sensor_new', 'motor_data_in'],
  [VCA]: [
    'vsd_alarm_limit_sensor_new_in',
    'vsd_tag_alarm_limit_in',
    'vsd_trend_signal_alarm_limit_sensor',
    'motor_data_in',
  ],
  [EVS]: ['vibration_sensor_in'],
  [RVS]: ['raw_vibration_sensor_in'],
};

const ALL_SECTIONS: readonly TypeSection[] = [
  'alarm_limit_sensor_new_in',
  'mca_alarm_limit_sensor_new',
  'vsd_alarm_limit_sensor_new_in',
  'vsd_tag_alarm_limit_in',
  'vsd_trend_signal_alarm_limit_sensor',
  'motor_data_in',
  'v_and_i_locus_in',
  'q_setting_in',
  'vibration_sensor_in',
  'raw_vibration_sensor_in',
];

/**
 * The update form as it is sent: the sections of the model's type, the others empty (the server refuses a
 * section of another type), the title trimmed, and the RVS switch and diagram only on RVS models.
 */
export function toUpdatePayload(settings: ModelSettings, modelTypeId: number): ModelSettings {
  const own = new Set(SECTIONS_BY_TYPE[modelTypeId] ?? []);
  const emptied = Object.fromEntries(ALL_SECTIONS.filter((section) => !own.has(section)).map((s) => [s, []]));
  const rvs = modelTypeId === RVS;
  return {
    ...settings,
    ...emptied,
    model_in: {
      ...settings.model_in,
      title: settings.model_in.title.trim(),
      isRVSRealtimeReport: rvs && settings.model_in.isRVSRealtimeReport,
    },
    rvs_diagram_in: rvs ? settings.rvs_diagram_in : { diagram_url: null },
  };
}
