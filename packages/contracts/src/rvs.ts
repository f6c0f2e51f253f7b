import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * RVS (raw vibration) calls of spec 03 §7.1–7.2: sensors, axis labels, data sets, spectrum with fault marks,
 * waterfall, time waveform, overall trend, parameter trend, failure-mode history, sensor detail, predicted
 * failures. Frequencies are Hz; amplitudes are RMS in the phase's unit.
 */

const instant = z.iso.datetime({ offset: true });
const isNormal = z
  .enum(['true', 'false'])
  .default('true')
  .transform((value) => value === 'true');
const width = z.coerce.number().int().min(10).max(4000).default(1000);
/** Most data sets the spectrum, time waveform and 3D waveform views take at once. */
export const RVS_MAX_DATA_SETS = 10;
/** Most captures of the waterfall (spec budget: 30 captures). */
export const RVS_MAX_WATERFALL = 30;
/** Most sensors of the Overall Trend (spec 03 §5). */
export const RVS_MAX_TREND_SENSORS = 2;

/** Vibration unit (phase) of spec 03 §2.4. accelerationG is acceleration divided by the spec's 9.81. */
export const rvsPhase = z.enum(['acceleration', 'accelerationG', 'velocity', 'envelope']);
export type RvsPhase = z.infer<typeof rvsPhase>;
export const rvsAxis = z.enum(['x', 'y', 'z']);
export type RvsAxis = z.infer<typeof rvsAxis>;
/** Mark types of spec 03 §2.5 ('None' is sent as no mark). */
export const rvsMark = z.enum([
  'mark_machine_speed',
  'mark_bsf',
  'mark_ftf',
  'mark_bpfo',
  'mark_bpfi',
  'mark_gmf',
  'mark_sbin',
  'mark_sbout',
  'mark_bpf',
]);
export type RvsMark = z.infer<typeof rvsMark>;

/** A comma-separated or repeated list of file names. */
const fileNames = (max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(','))
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .pipe(
      z
        .array(z.string().max(200))
        .min(1, 'fileNames: choose at least one data set.')
        .max(max, `fileNames: at most ${max} data sets.`),
    );

export const rvsModelQuery = z.object({ modelId: uuid });
export const rvsSensorQuery = z.object({ modelId: uuid, sensor_id: z.string().min(1).max(100) });
export const rvsFilesQuery = z.object({
  modelId: uuid,
  sensor: z.string().min(1).max(100),
  axis: rvsAxis,
});
/**
 * Most lines one spectrum series answers unless `width` says otherwise: a 65,536-sample capture (32,769 lines, which
 * the chart zooms into) is answered whole; a longer one is reduced to its peaks per column (issue 23 item 9).
 */
export const RVS_SPECTRUM_WIDTH = 40_000;
export const rvsSpectrumQuery = z.object({
  modelId: uuid,
  sensor: z.string().min(1).max(100),
  phase: rvsPhase,
  axis: rvsAxis,
  fileNames: fileNames(RVS_MAX_DATA_SETS),
  mark: rvsMark.optional(),
  /** Lines per series at most: each column keeps its highest line at its own frequency. */
  width: z.coerce.number().int().min(10).max(100_000).default(RVS_SPECTRUM_WIDTH),
});
export const rvsWaterfallQuery = z.object({
  modelId: uuid,
  sensorId: z.string().min(1).max(100),
  phase: rvsPhase,
  axis: rvsAxis,
  fileNames: fileNames(RVS_MAX_WATERFALL),
  /** Points per line: the chart's pixel width. */
  width,
});
export const rvsWaveformQuery = z.object({
  modelId: uuid,
  sensor: z.string().min(1).max(100),
  phase: z.enum(['acceleration', 'accelerationG']),
  axis: rvsAxis,
  fileNames: fileNames(RVS_MAX_DATA_SETS),
});
export const rvsTrendQuery = z.object({
  modelId: uuid,
  phase: z.enum(['acceleration', 'velocity', 'envelope', 'temperature']),
  sensor: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(100))
        .min(1, 'sensor: choose a sensor location.')
        .max(RVS_MAX_TREND_SENSORS, `sensor: at most ${RVS_MAX_TREND_SENSORS} sensors.`),
    ),
  startDate: instant,
  endDate: instant,
  isNormal,
  width,
});
export const rvsParameterTrendQuery = z.object({
  modelId: uuid,
  sensorId: z.string().min(1).max(100),
  /** Fault parameter id (see the fault parameters call). */
  parameter: z.string().min(1).max(50),
  /** The trend's key (key_list entry of a trend option). */
  keyValue: z.string().min(1).max(50),
  startDate: instant,
  endDate: instant,
});
export const rvsHistoryQuery = z.object({
  sensorId: z.string().min(1).max(100),
  startdate: instant,
  enddate: instant,
});
export const rvsModelIdParams = z.object({ id: uuid });

export const rvsSensor = z.object({ id: z.number(), sensorId: z.string(), sensorName: z.string() });
export const rvsAxisLabels = z.object({ x: z.string(), y: z.string(), z: z.string() });
export const rvsDataSet = z.object({ fileName: z.string(), alias: z.string(), capturedAt: z.string() });

export const rvsFaultMark = z.object({ label: z.string(), frequencyHz: z.number() });
export const rvsSpectrumRow = z.object({
  sensor_name: z.string(),
  phase: rvsPhase,
  axis: z.string(),
  mark_type: z.string(),
  x: z.number(),
  y: z.number(),
  file_name: z.string(),
});
export const rvsSpectrumResult = z.object({
  unit: z.string(),
  /** Running speed used for the marks, Hz, and where it came from. */
  shaftHz: z.number().nullable(),
  shaftSource: z.enum(['sensor', 'configuration', 'measured']).nullable(),
  series: z.array(
    z.object({
      file_name: z.string(),
      alias: z.string(),
      resolutionHz: z.number(),
      data: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
  marks: z.array(rvsFaultMark),
  /** Why the chosen mark draws nothing (e.g. no gear teeth in the configuration). */
  markNote: z.string().nullable(),
  table: z.array(rvsSpectrumRow),
});
export type RvsSpectrumResult = z.infer<typeof rvsSpectrumResult>;

export const rvsWaterfallResult = z.object({
  unit: z.string(),
  series: z.array(
    z.object({ file_name: z.string(), alias: z.string(), data: z.array(z.tuple([z.number(), z.number()])) }),
  ),
});
export type RvsWaterfallResult = z.infer<typeof rvsWaterfallResult>;

export const rvsWaveformResult = z.object({
  unit: z.string(),
  /** Running speed, rpm, for Revolution mode (spec 03 §4.3: time × rpm / 60). */
  rpm: z.number(),
  series: z.array(
    z.object({
      sensor_id: z.string(),
      phase: z.string(),
      axis: z.string(),
      file_name: z.string(),
      alias: z.string(),
      sampleRateHz: z.number(),
      /** [seconds from the capture start, amplitude]. */
      data: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type RvsWaveformResult = z.infer<typeof rvsWaveformResult>;

export const rvsTrendResult = z.object({
  series: z.array(
    z.object({
      sensor_id: z.string(),
      sensor_name: z.string(),
      phase: z.string(),
      paxis: z.string(),
      /** The monitored value's tag (`S1.velocity.x`, `S1.temperature`): its learned baseline's key. */
      tag: z.string(),
      unit: z.string(),
      warning: z.number().nullable(),
      alarm: z.number().nullable(),
      /** [epoch ms, value]. */
      data: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type RvsTrendResult = z.infer<typeof rvsTrendResult>;

export const rvsFaultParameter = z.object({
  id: z.string(),
  name: z.string(),
  trends: z.array(z.object({ id: z.string(), name: z.string(), key_list: z.array(z.string()) })),
});
export const rvsParameterTrendResult = z.object({
  timestamps: z.array(z.number()),
  series: z.array(
    z.object({
      parameter_trend: z.string(),
      axis: z.string(),
      y_label_unit: z.string(),
      /**
       * The limits the failure-mode evaluation compares this indicator with (a value at or above them is Warning or
       * Alarm), so the chart draws them and its tooltip names the same status; null when the mode has none.
       */
      warning: z.number().nullable(),
      alarm: z.number().nullable(),
      data: z.array(z.number().nullable()),
      data_fast: z.array(z.number().nullable()),
      data_slow: z.array(z.number().nullable()),
    }),
  ),
});
export type RvsParameterTrendResult = z.infer<typeof rvsParameterTrendResult>;

export const rvsHistoryResult = z.object({
  timestamps: z.array(z.number()),
  /** One per failure mode: 0 Normal, 1 Warning, 2 Danger per capture. */
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});
export type RvsHistoryResult = z.infer<typeof rvsHistoryResult>;

const valueWithLimits = z.object({
  value: z.number().nullable(),
  status: z.number(),
  info: z.object({ warning: z.number().nullable(), alarm: z.number().nullable() }),
});
export const rvsSensorDetailRow = z.object({
  uid: z.string(),
  sensorId: z.string(),
  sensorName: z.string(),
  overAllSensorStatus: z.number(),
  typeOfPosition: z.string(),
  machine: z.string(),
  axisLabels: rvsAxisLabels,
  velocity: z.object({ x: valueWithLimits, y: valueWithLimits, z: valueWithLimits }),
  acceleration: z.object({ x: valueWithLimits, y: valueWithLimits, z: valueWithLimits }),
  envelope: z.object({ x: valueWithLimits, y: valueWithLimits, z: valueWithLimits }),
  temperature: valueWithLimits,
  battery: valueWithLimits,
  lastSeen: z.string().nullable(),
});
export type RvsSensorDetailRow = z.infer<typeof rvsSensorDetailRow>;
export const rvsOverallFailureMode = z.object({
  overallStatus: z.number(),
  sensors: z.array(z.object({ sensorId: z.string(), sensorName: z.string(), status: z.number() })),
});
export type RvsOverallFailureMode = z.infer<typeof rvsOverallFailureMode>;

/**
 * What a failure mode's description says, as facts (packages/analytics FailureModeFacts), so the page can say it in
 * the reader's language (`predictedFailureWords`): frequencies in Hz, amplitudes in `unit`.
 */
export const failureModeFacts = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('unbalance'),
    shaftHz: z.number(),
    amplitude: z.number(),
    unit: z.string(),
    dominant: z.boolean(),
  }),
  z.object({
    kind: z.literal('misalignment'),
    amplitude: z.number(),
    unit: z.string(),
    percentOf1x: z.number(),
  }),
  z.object({
    kind: z.literal('looseness'),
    orders: z.array(z.number()),
    bearingLines: z.array(z.object({ order: z.number(), line: z.string() })),
  }),
  z.object({
    kind: z.literal('bearing'),
    defect: z.enum(['bpfo', 'bpfi', 'bsf']),
    frequencyHz: z.number(),
    db: z.number(),
    fundamental: z.boolean(),
    harmonics: z.number().int(),
    certainty: z.enum(['likely', 'possible', 'unlikely']),
    explainedBy: z
      .union([z.object({ runningSpeedOrder: z.number().int() }), z.object({ line: z.string() })])
      .nullable(),
  }),
  z.object({ kind: z.literal('cage'), frequencyHz: z.number(), db: z.number(), sidebands: z.number().int() }),
  z.object({
    kind: z.literal('gear'),
    gmfHz: z.number(),
    amplitude: z.number(),
    unit: z.string(),
    sidebands: z.number().int(),
  }),
]);
export type FailureModeFacts = z.infer<typeof failureModeFacts>;

const failureChip = z.object({
  /** The engine's description in English. */
  failure_desc: z.string(),
  /** What the description says, to say it in the reader's language. */
  facts: failureModeFacts.optional(),
  percent: z.number(),
  recommend: z.string(),
  /** Whose `recommend` it is: the engine's default for the mode (said in the reader's language) or the workbook's. */
  recommendSource: z.enum(['engine', 'workbook']).optional(),
  mode: z.string(),
});
export const rvsPredictedFailure = z.object({
  sensorLocation: z.string(),
  sensor_id: z.string(),
  /** -1 offline (no capture), else whether any failure mode is abnormal. */
  status: z.number(),
  is_abnormaly: z.boolean(),
  alarms: z.array(failureChip),
  warnings: z.array(failureChip),
  capturedAt: z.string().nullable(),
});
export type RvsPredictedFailure = z.infer<typeof rvsPredictedFailure>;
