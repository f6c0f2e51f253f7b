import { PD_SUB_MODULES } from '@sdp/contracts';
import { describe, expect, it } from 'vitest';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { PdCapture, PdRepository } from './pd.repository.ts';
import { createPdService } from './pd.service.ts';

/** The PD service without Fastify, on hand-made repositories: what it computes from what they answer. */
const TX = '00000000-0000-4000-8000-000000000001';
const MOTOR = '00000000-0000-4000-8000-000000000002';
const AT = new Date('2026-11-22T02:00:00Z');

/** A capture of (phase °, charge pC) pairs as stored: float32 little-endian. */
function capture(fileName: string, pairs: number[]): PdCapture {
  return {
    file_name: fileName,
    alias: '',
    captured_at: AT,
    channel: 'a',
    sample_rate: 50,
    unit: 'pC',
    samples: Buffer.from(new Float32Array(pairs).buffer),
  };
}

function service() {
  const filesAsked: string[] = [];
  const captures = [
    // Pulses at 45° of 20 pC, 90° of 10 pC (positive half-cycle) and 270° of −5 pC (negative).
    capture('three.f32', [45, 20, 90, 10, 270, -5]),
    capture('odd.f32', [45, 20, 90]),
  ];
  const repository = {
    // A gateway's own name and two of the spec's, out of order.
    subModules: async () => [
      { sensor: 'Gateway probe', captures: 1 },
      { sensor: PD_SUB_MODULES[1], captures: 2 },
      { sensor: PD_SUB_MODULES[0], captures: 3 },
    ],
    files: async (_modelId: string, subModule: string) => {
      filesAsked.push(subModule);
      return [{ file_name: 'three.f32', alias: '', captured_at: AT }];
    },
    capture: async (_modelId: string, _subModule: string, fileName: string) =>
      captures.find((c) => c.file_name === fileName),
  } as unknown as PdRepository;
  const models = {
    find: async (id: string) =>
      id === TX
        ? { id: TX, title: 'TX', model_type_id: 1 }
        : id === MOTOR
          ? { id: MOTOR, title: 'Motor', model_type_id: 2 }
          : undefined,
  } as unknown as ModelsRepository;
  return { filesAsked, service: createPdService({ repository, models }) };
}

describe('PD service', () => {
  it('lists sub-modules in spec order, a gateway name last, and the files of the first by default', async () => {
    const { service: pd, filesAsked } = service();
    expect(await pd.files({ modelId: TX })).toEqual({
      subModules: [
        { subModule: PD_SUB_MODULES[0], captures: 3 },
        { subModule: PD_SUB_MODULES[1], captures: 2 },
        { subModule: 'Gateway probe', captures: 1 },
      ],
      subModule: PD_SUB_MODULES[0],
      // No alias: the file name stands for it.
      files: [{ fileName: 'three.f32', alias: 'three.f32', capturedAt: AT.toISOString() }],
    });
    await pd.files({ modelId: TX, subModule: 'Gateway probe' });
    expect(filesAsked).toEqual([PD_SUB_MODULES[0], 'Gateway probe']);
  });

  it('bins a capture on phase × charge, from the most negative pulse to the largest', async () => {
    const result = await service().service.result({
      modelId: TX,
      subModule: PD_SUB_MODULES[0],
      fileName: 'three.f32',
      phaseBins: 4,
      chargeBins: 5,
    });
    // Charge −5…20 pC in 5 bins of 5 pC; phase in 4 bins of 90°. 45°/20 pC: bin (0, 4), centre (45°, 17.5 pC);
    // 90°/10 pC: (1, 3), centre (135°, 12.5 pC); 270°/−5 pC: (3, 0), centre (315°, −2.5 pC).
    expect(result).toMatchObject({
      fileName: 'three.f32',
      alias: 'three.f32',
      referencePhase: 'a',
      powerFrequencyHz: 50,
      pulses: 3,
      positivePulses: 2,
      negativePulses: 1,
      peakChargePc: 20,
      chargeRangePc: [-5, 20],
      maxCount: 1,
      points: [
        [45, 17.5, 1],
        [135, 12.5, 1],
        [315, -2.5, 1],
      ],
    });
  });

  it('refuses a capture that is not pairs, one that does not exist, and a model of another type', async () => {
    const { service: pd } = service();
    const query = { modelId: TX, subModule: PD_SUB_MODULES[0], phaseBins: 72, chargeBins: 50 };
    await expect(pd.result({ ...query, fileName: 'odd.f32' })).rejects.toMatchObject({
      status: 400,
      message: 'odd.f32 is not a list of (phase, charge) pairs.',
    });
    await expect(pd.result({ ...query, fileName: 'none.f32' })).rejects.toMatchObject({
      status: 404,
      message: `The PD sub-module ${PD_SUB_MODULES[0]} has no capture none.f32.`,
    });
    await expect(pd.files({ modelId: MOTOR })).rejects.toMatchObject({
      status: 400,
      message: 'This call is for transformer models (type 1); this model is type 2.',
    });
  });
});
