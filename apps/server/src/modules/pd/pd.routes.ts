import { prpdDensityPoints, prpdHistogram } from '@sdp/analytics';
import {
  errorResponse,
  PD_SUB_MODULES,
  pdFiles,
  pdFilesQuery,
  pdResult,
  pdResultQuery,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { plainJsonSerializer } from '../../lib/route-schemas.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { PdRepository } from './pd.repository.ts';

interface Options {
  repository: PdRepository;
  models: ModelsRepository;
  visibility: EquipmentVisibility;
}

const TRANSFORMER = 1;
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

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
 * stored captures of a sub-module, and one capture binned on phase × apparent charge with @sdp/analytics' PRPD.
 */
export const pdRoutes: FastifyPluginAsyncZod<Options> = async (app, { repository, models, visibility }) => {
  const byQuery = {
    access: access.equipment('ViewCompany', (request, session) =>
      visibility.ofModel((request.query as { modelId?: string }).modelId, session.userId),
    ),
  };

  async function transformer(modelId: string) {
    const model = await models.find(modelId);
    if (!model) throw notFound();
    if (model.model_type_id !== TRANSFORMER)
      throw badRequest(
        `This call is for transformer models (type 1); this model is type ${model.model_type_id}.`,
      );
    return model;
  }

  app.get(
    '/advance-analysis/pd-files',
    {
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary: 'PD sub-modules with captures, and the capture files of one of them, newest first',
        querystring: pdFilesQuery,
        response: { 200: pdFiles, ...errors },
      },
    },
    async (request) => {
      const { modelId } = request.query;
      await transformer(modelId);
      const subModules = (await repository.subModules(modelId))
        .sort((a, b) => subModuleOrder(a.sensor, b.sensor))
        .map((row) => ({ subModule: row.sensor, captures: row.captures }));
      const chosen = request.query.subModule ?? subModules[0]?.subModule ?? null;
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
  );

  app.get(
    '/advance-analysis/pd-result',
    {
      serializerCompiler: plainJsonSerializer,
      config: byQuery,
      schema: {
        tags: ['transformer'],
        summary:
          'Phase-resolved PD scatter of one capture: pulse counts on a phase (0–360°) × apparent charge (pC) grid',
        querystring: pdResultQuery,
        response: { 200: pdResult, ...errors },
      },
    },
    async (request) => {
      const { modelId, subModule, fileName, phaseBins, chargeBins } = request.query;
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
  );
};
