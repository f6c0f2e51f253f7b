import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Transformer dashboard calls (spec 02 §2.4, §2.6, §7; issue 12). Every figure is computed on the server from
 * stored series, waveforms and model settings with @sdp/analytics. Times are epoch milliseconds in series,
 * ISO 8601 elsewhere. Status codes of spec 02 §4: -1 offline / no data, 0 normal, 1 warning, 2 alarm.
 */

const status = z.number().int();
const instant = z.iso.datetime({ offset: true });

/** Longest range of a 'Last 6 months' (isNormal true) query, and of any other range, in days. */
export const TR_RANGE_LIMIT_DAYS = { normal: 186, yearly: 3660 } as const;

/** One row of a transformer summary group b–j (spec 02 §3 "Transformer summary"). */
export const trSummaryItem = z.object({
  name: z.string(),
  tagCode: z.string(),
  status,
  value: z.number().nullable(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  unit: z.string(),
  subValue: z.number().nullable(),
  subUnit: z.string().nullable(),
  timestamp: instant.nullable(),
  /** Side towards alarm: 'high' (the value rises to it) or 'low' (falls to it, e.g. the oil level). */
  direction: z.enum(['high', 'low']),
});

/** A gauge of panel A: scaleMax is 1.2 × alarm (spec 02 §4). */
export const trGauge = trSummaryItem.extend({ scaleMax: z.number().nullable() });

export const trDgaZone = z.object({
  zone: z.enum(['PD', 'T1', 'T2', 'T3', 'D1', 'D2', 'DT']).nullable(),
  description: z.string(),
  /** Colour of the worst status of the three gases (spec 02 §9 status colours). */
  colorCode: z.string(),
  timeStamp: instant.nullable(),
});

export const trSummaryStatus = z.object({
  modelId: uuid,
  status,
  refreshedAt: instant,
  a: z.array(trGauge),
  b: z.array(trSummaryItem),
  c: z.array(trSummaryItem),
  d: z.array(trSummaryItem.extend({ phase: z.enum(['A', 'B', 'C']).nullable() })),
  e: z.array(trSummaryItem),
  f: z.array(trSummaryItem),
  g: z.array(trSummaryItem),
  h: z.array(trSummaryItem),
  i: z.array(trSummaryItem),
  j: z.array(trSummaryItem),
  dga: z.object({ main_tank: trDgaZone, oltc: trDgaZone }),
  tr_diagram_status: z.object({
    cw: status,
    d: status,
    i: status,
    j: status,
    f: status,
    co: status,
    g: status,
    e: status,
    h: status,
    summaryHealthStatus: status,
  }),
});
export type TrSummaryStatus = z.infer<typeof trSummaryStatus>;

const dateRange = {
  startDate: instant,
  endDate: instant,
};

export const trHealthQuery = z.object({
  modelId: uuid,
  /** A sensor type id of the transformer (1101 …), or a health monitoring tab id (1–6) for all its group's tags. */
  sensorId: z.coerce.number().int().positive(),
  ...dateRange,
  isNormal: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  width: z.coerce.number().int().min(10).max(4000).default(1000),
});

export const trSeries = z.object({
  tagCode: z.string(),
  name: z.string(),
  unit: z.string(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  /** Epoch ms, paired with data. At most 4 points per pixel column (M4). */
  timestamp: z.array(z.number()),
  data: z.array(z.number()),
});
export type TrSeries = z.infer<typeof trSeries>;

export const trDgaSensorType = z.enum(['main_tank', 'oltc']);

export const trDgaResultQuery = z.object({
  modelId: uuid,
  sensorType: trDgaSensorType.default('main_tank'),
  /** The sample at or before this time (default now). */
  datetime: instant.optional(),
});

export const trDgaResult = z.object({
  sensorType: trDgaSensorType,
  ch4_level: z.number().nullable(),
  c2h4_level: z.number().nullable(),
  c2h2_level: z.number().nullable(),
  /** Relative % of the three gases (Duval Triangle 1). */
  ch4_level_cal: z.number().nullable(),
  c2h4_level_cal: z.number().nullable(),
  c2h2_level_cal: z.number().nullable(),
  point: z.object({ x: z.number(), y: z.number() }).nullable(),
  status,
  new_result: trDgaZone,
});

export const trDgaRawQuery = z.object({
  modelId: uuid,
  sensorType: trDgaSensorType.default('main_tank'),
  ...dateRange,
  maxPoints: z.coerce.number().int().min(10).max(2000).default(500),
});

export const trDgaSample = z.object({
  timeStamp: instant,
  ch4: z.number(),
  c2h4: z.number(),
  c2h2: z.number(),
  ch4_cal: z.number(),
  c2h4_cal: z.number(),
  c2h2_cal: z.number(),
  x: z.number(),
  y: z.number(),
  zone: z.string().nullable(),
});

export const trDgaDetail = z.object({
  zones: z.array(
    z.object({
      zone: z.string(),
      description: z.string(),
      /** Plot polygon in the triangle of side 1: C2H2 corner (0, 0), C2H4 corner (1, 0), CH4 corner (0.5, √3/2). */
      polygon: z.array(z.object({ x: z.number(), y: z.number() })),
    }),
  ),
});

export const trDgaCalculateRequest = z.object({
  ch4: z.number().min(0).max(1_000_000),
  c2h4: z.number().min(0).max(1_000_000),
  c2h2: z.number().min(0).max(1_000_000),
});

export const trLossesQuery = z.object({
  modelId: uuid,
  ...dateRange,
  width: z.coerce.number().int().min(10).max(4000).default(1000),
});

export const trLosses = z.object({
  noLoadLossKw: z.number(),
  ratedLoadLossKw: z.number(),
  /** [epoch ms, load factor K p.u., load losses kW, total losses kW], downsampled with M4 on K. */
  points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
  /** Over every stored load-factor sample of the range (null without data). */
  summary: z
    .object({
      samples: z.number().int(),
      meanLoadFactor: z.number(),
      /** P0 + Pk·mean(K²): load losses follow the square of the current. */
      meanTotalLossKw: z.number(),
      /** Σ P(t_i)·(t_{i+1} − t_i), gaps over one hour counted as one hour. */
      energyKwh: z.number(),
    })
    .nullable(),
});

export const trLocusRow = z.object({
  locus_name: z.string(),
  a: z.number(),
  b: z.number(),
  angle: z.number(),
  e: z.number(),
  area: z.number(),
});

export const trLocusFile = z.object({ fileName: z.string(), alias: z.string(), capturedAt: instant });

export const trLocusFiles = z.object({
  files: z.array(trLocusFile),
  /** Spec 02 §3 default option: the newest capture is 'present', the one before it 'last'. */
  default: z.object({
    locusName: z.string(),
    laseFile: z.string().nullable(),
    presentFile: z.string().nullable(),
  }),
});

export const trLocusResultQuery = z.object({
  modelId: uuid,
  locusName: z.string().min(1).max(100),
  presentFile: z.string().min(1).max(200),
  lastFile: z.string().min(1).max(200).optional(),
  width: z.coerce.number().int().min(10).max(4000).default(720),
});

const locusChange = z.object({
  a: z.number(),
  b: z.number(),
  area: z.number(),
  angle: z.number(),
  e: z.number(),
});

export const trLocusResult = z.object({
  locus_name: z.string(),
  /** Curves: the reference ellipse from the settings, the fitted ellipses and captured points of both files. */
  result_list: z.array(
    z.object({
      sub_module: z.enum(['reference', 'last', 'present']),
      fileName: z.string().nullable(),
      /** [current A, voltage drop V] around the fitted centre. */
      points: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
  table: z.object({
    referance: trLocusRow.nullable(),
    last: trLocusRow.nullable(),
    present: trLocusRow,
    roc_present_last: locusChange.nullable(),
    roc_present_referance: locusChange.nullable(),
    status,
    fault_diag: z.string(),
    reactanceOhm: z.number(),
  }),
});

export const trQSetting = z.object({
  score: z.string(),
  tagA: z.string(),
  tagB: z.string(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
});

export const trScoreQuery = z.object({
  modelId: uuid,
  score: z.string().min(1).max(200),
  ...dateRange,
  width: z.coerce.number().int().min(10).max(4000).default(1000),
});

export const trScoreResult = z.object({
  tagScore: z.string(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  timestamp: z.array(z.number()),
  data: z.array(z.number()),
});

export const trTagQuery = z.object({
  modelId: uuid,
  tagA: z.string().min(1).max(200),
  tagB: z.string().min(1).max(200),
  ...dateRange,
  maxPoints: z.coerce.number().int().min(10).max(5000).default(2000),
});

export const trTagResult = z.object({
  tagA: z.string(),
  tagB: z.string(),
  unitA: z.string(),
  unitB: z.string(),
  /** [epoch ms, value of A, value of B] for samples of both tags at the same time, evenly thinned to maxPoints. */
  pairs: z.array(z.tuple([z.number(), z.number(), z.number()])),
  /** Baseline of B on A (learnCorrelationBaseline) learned from the pairs answered (null with fewer than 3 pairs). */
  baseline: z.object({ slope: z.number(), intercept: z.number(), residualScale: z.number() }).nullable(),
});

/** Summary every model page shows (issue 12 item 1). */
export const modelSummary = z.object({
  id: uuid,
  modelCode: z.string(),
  modelName: z.string(),
  modelTypeId: z.number().int(),
  isActive: z.boolean(),
  status,
  openFaultEvents: z.number().int(),
  /** Since when the model has been at its current warning or alarm level, from its status history; null when not. */
  alarmSince: instant.nullable(),
  lastDataAt: instant.nullable(),
});
export type ModelSummary = z.infer<typeof modelSummary>;

export type TrDgaResult = z.infer<typeof trDgaResult>;
export type TrDgaSample = z.infer<typeof trDgaSample>;
export type TrDgaDetail = z.infer<typeof trDgaDetail>;
export type TrLosses = z.infer<typeof trLosses>;
export type TrLocusRow = z.infer<typeof trLocusRow>;
export type TrLocusFiles = z.infer<typeof trLocusFiles>;
export type TrLocusResult = z.infer<typeof trLocusResult>;
export type TrQSetting = z.infer<typeof trQSetting>;
export type TrScoreResult = z.infer<typeof trScoreResult>;
export type TrTagResult = z.infer<typeof trTagResult>;
