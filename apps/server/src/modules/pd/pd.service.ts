import { prpdDensityPoints, prpdHistogram } from '@sdp/analytics';
import {
  PD_SUB_MODULES,
  type PdFiles,
  type PdResult,
  type pdFilesQuery,
  type pdResultQuery,
} from '@sdp/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { PdRepository } from './pd.repository.ts';

const TRANSFORMER = 1;

interface Deps {
  repository: PdRepository;
  models: ModelsRepository;
}

/** Spec order of the sub-modules; others (a gateway's own names) after them, alphabetically. */
function subModuleOrder(a: string, b: string) {
  const rank = (name: string) => {
    const i = (PD_SUB_MODULES as readonly string[]).indexOf(name);
    return i < 0 ? PD_SUB_MODULES.length : i;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * Phase-resolved partial discharge of a transformer (spec 02 §2.6 tab 8, §7 'PD file names' and 'PD result'): the
 * stored captures of a sub-module, and one capture binned on phase × apparent charge with @sdp/analytics' PRPD. A model
 * that does not exist answers 404, a model of another type 400.
 */
export function createPdService({ repository, models }: Deps) {
  async function transformer(modelId: string) {
    const model = await models.find(modelId);
    if (!model) throw notFound();
    if (model.model_type_id !== TRANSFORMER)
      throw badRequest(
        `This call is for transformer models (type 1); this model is type ${model.model_type_id}.`,
      );
    return model;
  }

  return {
    /** Sub-modules with captures, and the files of the one asked for (default: the first), newest first. */
    async files(query: z.output<typeof pdFilesQuery>): Promise<PdFiles> {
      const { modelId } = query;
      await transformer(modelId);
      const subModules = (await repository.subModules(modelId))
        .sort((a, b) => subModuleOrder(a.sensor, b.sensor))
        .map((row) => ({ subModule: row.sensor, captures: row.captures }));
      const chosen = query.subModule ?? subModules[0]?.subModule ?? null;
      const files = chosen ? await repository.files(modelId, chosen) : [];
      return {
        subModules,
        subModule: chosen,
        files: files.map((row) => ({
          fileName: row.file_name,
          alias: row.alias || row.file_name,
          capturedAt: row.captured_at.toISOString(),
        })),
      };
    },

    /** One capture's pulses counted on a phase (0–360°) × apparent charge (pC) grid. */
    async result(query: z.output<typeof pdResultQuery>): Promise<PdResult> {
      const { modelId, subModule, fileName, phaseBins, chargeBins } = query;
      await transformer(modelId);
      const capture = await repository.capture(modelId, subModule, fileName);
      if (!capture) throw notFound(`The PD sub-module ${subModule} has no capture ${fileName}.`);
      const samples = new Float32Array(new Uint8Array(capture.samples).buffer);
      if (samples.length % 2 !== 0) throw badRequest(`${fileName} is not a list of (phase, charge) pairs.`);
      const pulses = samples.length / 2;
      const phase = new Float64Array(pulses);
      const charge = new Float64Array(pulses);
      let low = 0;
      let high = Number.NEGATIVE_INFINITY;
      let positivePulses = 0;
      for (let i = 0; i < pulses; i++) {
        phase[i] = samples[2 * i]!;
        charge[i] = samples[2 * i + 1]!;
        low = Math.min(low, charge[i]!);
        high = Math.max(high, charge[i]!);
        if (phase[i]! % 360 < 180) positivePulses++;
      }
      const peakChargePc = high;
      // Charges from 0 (or the most negative pulse of a bipolar record) to the largest pulse.
      if (!(high > low)) high = low + 1;
      const histogram = prpdHistogram(phase, charge, { phaseBins, chargeBins, chargeRange: [low, high] });
      return {
        subModule,
        fileName: capture.file_name,
        alias: capture.alias || capture.file_name,
        capturedAt: capture.captured_at.toISOString(),
        referencePhase: capture.channel,
        powerFrequencyHz: capture.sample_rate,
        unit: capture.unit,
        pulses,
        positivePulses,
        negativePulses: pulses - positivePulses,
        peakChargePc,
        phaseBins,
        chargeBins,
        chargeRangePc: [low, high] as [number, number],
        maxCount: histogram.maxCount,
        points: prpdDensityPoints(histogram),
      };
    },
  };
}

export type PdService = ReturnType<typeof createPdService>;
