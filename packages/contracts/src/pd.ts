import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Phase-resolved partial discharge of a transformer (spec 02 §2.6 Advance analysis tab 8, §7 'PD file names', 'PD
 * result'; issue 12 item 5.8). Captures are waveforms of kind 'pd' (docs/ingestion.md): pulses as (phase °, pC).
 */

/** PD sub-modules of spec 02 §9, in the order the selector lists them. */
export const PD_SUB_MODULES = [
  'Main tank UHF drain valve',
  'Main tank UHF Window',
  'Bushing A',
  'Bushing B',
  'Bushing C',
  'Bushing a',
  'Bushing b',
  'Bushing c',
] as const;

const instant = z.iso.datetime({ offset: true });
const subModule = z.string().trim().min(1).max(100);

export const pdFilesQuery = z.object({
  modelId: uuid,
  /** Default: the first sub-module (in spec order) that has captures. */
  subModule: subModule.optional(),
});

export const pdFiles = z.object({
  /** Sub-modules with captures and how many each holds. */
  subModules: z.array(z.object({ subModule: z.string(), captures: z.number().int() })),
  /** The sub-module the files are of (null: the model has no PD capture). */
  subModule: z.string().nullable(),
  /** Newest first, at most 500. */
  files: z.array(z.object({ fileName: z.string(), alias: z.string(), capturedAt: instant })),
});
export type PdFiles = z.infer<typeof pdFiles>;

export const pdResultQuery = z.object({
  modelId: uuid,
  subModule,
  fileName: z.string().min(1).max(200),
  /** Phase bins over 0–360° (default 72: 5°). */
  phaseBins: z.coerce.number().int().min(4).max(360).default(72),
  /** Charge bins from 0 to the largest pulse (default 50). */
  chargeBins: z.coerce.number().int().min(4).max(200).default(50),
});

export const pdResult = z.object({
  subModule: z.string(),
  fileName: z.string(),
  alias: z.string(),
  capturedAt: instant,
  /** Phase of the reference voltage (a, b or c) and its frequency, Hz. */
  referencePhase: z.string(),
  powerFrequencyHz: z.number(),
  unit: z.string(),
  pulses: z.number().int(),
  /** Pulses in the positive (0–180°) and negative (180–360°) half-cycles. */
  positivePulses: z.number().int(),
  negativePulses: z.number().int(),
  peakChargePc: z.number(),
  phaseBins: z.number().int(),
  chargeBins: z.number().int(),
  chargeRangePc: z.tuple([z.number(), z.number()]),
  maxCount: z.number().int(),
  /** Non-empty cells: [phase centre °, charge centre pC, pulse count]. */
  points: z.array(z.tuple([z.number(), z.number(), z.number()])),
});
export type PdResult = z.infer<typeof pdResult>;
