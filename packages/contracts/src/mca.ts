import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * MCA dashboard calls (spec 02 §2.5–§2.7, §3, §7, §9; issue 13). Every figure is computed on the server from the
 * motor's stored stator-current captures and feature series with @sdp/analytics. A capture is the three phase
 * currents of one instant; its `fileName` is the stored file name of phase A. Levels in dB are relative to the
 * capture's supply peak (20·log10(A / A_fs)). Status codes of spec 02 §4; the MCA diagram shows 3 for offline.
 */

const status = z.number().int();
const instant = z.iso.datetime({ offset: true });

/** The most captures one spectrum call takes (spec 02 §5, §9). */
export const MCA_MAX_FILES = 5;

/**
 * Frequency ranges of the Current Spectrum (spec 02 §9: default FFTIB (Low Frequency), id 19, group FL) and the
 * time domain (group TD, spec 02 §2.7). maxHz null: up to the capture's Nyquist frequency.
 */
export const MCA_FREQUENCY_RANGES = [
  { id: 19, name: 'FFTIB (Low Frequency)', groupCode: 'FL', maxHz: 250 },
  { id: 20, name: 'FFTIB (High Frequency)', groupCode: 'FH', maxHz: null },
  { id: 18, name: 'Time Domain', groupCode: 'TD', maxHz: null },
] as const;
export const MCA_DEFAULT_RANGE_ID = 19;

export const mcaGroupCode = z.enum(['FL', 'FH', 'TD']);
export type McaGroupCode = z.infer<typeof mcaGroupCode>;

const fileNames = z
  .union([z.string().min(1).max(300), z.array(z.string().min(1).max(300))])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.string())
      .min(1, 'fileName: choose at least one capture.')
      .max(MCA_MAX_FILES, `fileName: at most ${MCA_MAX_FILES} captures.`),
  );

export const mcaModelParams = z.object({ id: uuid });

export const mcaFileNamesQuery = z.object({ groupCode: mcaGroupCode.default('FL') });

export const mcaFile = z.object({
  fileName: z.string(),
  /** The capture time in the company's zone, 'YYYY-MM-DD HH:mm'. */
  alias: z.string(),
  capturedAt: instant,
  sampleRateHz: z.number(),
  samples: z.number().int(),
});
export const mcaFileNames = z.object({ groupCode: mcaGroupCode, files: z.array(mcaFile) });
export type McaFile = z.infer<typeof mcaFile>;

export const mcaTimeDomainQuery = z.object({
  fileName: z.string().min(1).max(300),
  /** Points per phase after M4 thinning (first, last, min, max per column). */
  maxPoints: z.coerce.number().int().min(100).max(70_000).default(8000),
});
export const mcaTimeDomain = z.object({
  fileName: z.string(),
  alias: z.string(),
  sampleRateHz: z.number(),
  unit: z.string(),
  /** ts in seconds from the start of the capture; currents in A. */
  data: z.array(z.object({ ts: z.number(), Ia: z.number(), Ib: z.number(), Ic: z.number() })),
});
export type McaTimeDomain = z.infer<typeof mcaTimeDomain>;

export const mcaFrequencyQuery = z.object({
  fileName: fileNames,
  groupCode: z.enum(['FL', 'FH']).default('FL'),
  /** Bins per capture after M4 thinning of each phase (the peaks are kept). */
  maxPoints: z.coerce.number().int().min(100).max(70_000).default(8000),
});

/** A spectrum point: FHZ in Hz, IA/IB/IC in dB relative to that phase's supply peak. */
export const mcaFrequencyPoint = z.object({
  FHZ: z.number(),
  IA: z.number(),
  IB: z.number(),
  IC: z.number(),
});
export const mcaSpectrumSeries = z.object({
  alias: z.string(),
  fileName: z.string(),
  capturedAt: instant,
  resolutionHz: z.number(),
  /** Supply peak per phase: frequency (Hz) and amplitude (A). */
  supply: z.object({
    IA: z.object({ frequencyHz: z.number(), amplitude: z.number() }),
    IB: z.object({ frequencyHz: z.number(), amplitude: z.number() }),
    IC: z.object({ frequencyHz: z.number(), amplitude: z.number() }),
  }),
  data: z.array(mcaFrequencyPoint),
});
export const mcaFrequencyResult = z.object({
  groupCode: z.enum(['FL', 'FH']),
  series: z.array(mcaSpectrumSeries),
});
export type McaSpectrumSeries = z.infer<typeof mcaSpectrumSeries>;
export type McaFrequencyResult = z.infer<typeof mcaFrequencyResult>;

export const mcaFaultFrequencyQuery = z.object({ fileName: fileNames });
export const mcaFaultFrequencyItem = z.object({
  name: z.string(),
  frequencyHz: z.number(),
  /** Level at the line per phase, dB relative to the supply peak (the highest bin within two bins). */
  IA: z.number(),
  IB: z.number(),
  IC: z.number(),
});
export const mcaFaultFrequencies = z.object({
  files: z.array(
    z.object({
      fileName: z.string(),
      alias: z.string(),
      supplyHz: z.number(),
      rpm: z.number(),
      slip: z.number(),
      /** Where the speed came from: the motor data's rated speed, or the eccentricity sideband when none is set. */
      speedSource: z.enum(['motor data', 'estimated']),
      /**
       * Machine Information's 'Rated speed' (rpm), null when unset: a page that shows it beside `rpm` says which one
       * the fault frequencies use and why (issue 26 item 8).
       */
      configuredRpm: z.number().nullable(),
      bearings: z.array(z.object({ position: z.enum(['DE', 'NDE']), designation: z.string() })),
      items: z.array(mcaFaultFrequencyItem),
    }),
  ),
});
export type McaFaultFrequencies = z.infer<typeof mcaFaultFrequencies>;

/** Time Series Detail (21) and Frequency Detail (22) tabs of the MCA dashboard. */
export const MCA_SERIES_TABS = { timeSeries: 21, frequency: 22 } as const;

export const mcaSeriesQuery = z.object({
  tabId: z.coerce
    .number()
    .int()
    .refine((id) => id === 21 || id === 22, 'tabId: 21 (Time Series Detail) or 22 (Frequency Detail).'),
  startDate: instant,
  endDate: instant,
  isNormal: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  width: z.coerce.number().int().min(10).max(4000).default(1000),
});

const seriesPoints = z.object({ values: z.array(z.number()), timestamp: z.array(z.number()) });
/**
 * MCA time-series row (spec 02 §3): phase tags (I0, speed, THDi) carry Ia/Ib/Ic, the others values/timestamp; the
 * Frequency Detail rows carry both: values/timestamp of the worst phase and Ia/Ib/Ic for the phase choice.
 */
export const mcaSeriesRow = z.object({
  tagCode: z.string(),
  name: z.string(),
  unit: z.string(),
  warning: z.number().nullable(),
  alarm: z.number().nullable(),
  isAlert: z.boolean(),
  phased: z.boolean(),
  values: z.array(z.number()),
  timestamp: z.array(z.number()),
  Ia: seriesPoints.optional(),
  Ib: seriesPoints.optional(),
  Ic: seriesPoints.optional(),
});
export type McaSeriesRow = z.infer<typeof mcaSeriesRow>;

export const mcaDiagnosticQuery = z.object({ startDate: instant, endDate: instant });
const diagnosticSeries = z.object({
  values: z.array(z.number().nullable()),
  unit: z.string(),
  warning: z.number(),
  alarm: z.number(),
});
/** Diagnostic result (spec 02 §3): capture times (epoch ms) and the residual and fault series. */
export const mcaDiagnostic = z.object({
  timestamp: z.array(z.number()),
  omr: diagnosticSeries,
  rotor_bar_crack: diagnosticSeries,
  bearing_failure: diagnosticSeries,
  eccentric_airgap: diagnosticSeries,
  ground_fault: diagnosticSeries,
  short_turn: diagnosticSeries,
  terminal_loose: diagnosticSeries,
  /** Captures the residual's baseline was learned from (the model's first ones). */
  baselineRecords: z.number().int(),
});
export type McaDiagnostic = z.infer<typeof mcaDiagnostic>;

/** MCA diagram status (spec 02 §3) with the time of the newest capture analysed. */
export const mcaDiagramStatus = z.object({
  airgapStatus: status,
  bearingStatus: status,
  overAllStatus: status,
  rotorStatus: status,
  statorStatus: status,
  groundFaultStatus: status,
  powerQualityStatus: status,
  mechanicalFailureStatus: status,
  terminalBoxStatus: status,
  lastCaptureAt: instant.nullable(),
});
export type McaDiagramStatus = z.infer<typeof mcaDiagramStatus>;
