import { describe, expect, it } from 'vitest';
import type { CompanyModelRow } from './model-summary.repository.ts';
import { createModelSummaryService, type Viewer } from './model-summary.service.ts';

/**
 * The status tables on a hand-made repository (no Fastify, no database): the repository answers what it is asked
 * for as the SQL would (only the given tags, inactive models only when asked), so the service's choices show.
 */
const COMPANY = '00000000-0000-4000-8000-0000000000c0';
const TAG_A = '00000000-0000-4000-8000-0000000000a1';
const TAG_B = '00000000-0000-4000-8000-0000000000b1';
const since = new Date('2026-06-01T00:00:00Z');
const last = new Date('2026-06-02T00:00:00Z');

const model = (id: string, model_type_id: number, tag: string, over: Partial<CompanyModelRow> = {}) => ({
  id,
  title: `Model ${id}`,
  code: `M-${id}`,
  model_type_id,
  is_active: true,
  status: 0,
  equipment_tag_id: tag,
  equipment_name: tag === TAG_A ? 'Pump A' : 'Drive B',
  equipment_alias: null,
  last_data_at: last,
  alarm_since: null,
  ...over,
});
const stored: CompanyModelRow[] = [
  model('mca-1', 2, TAG_A, { status: 2, alarm_since: since }),
  model('mca-2', 2, TAG_A, { is_active: false, status: 2, alarm_since: since }),
  model('vca-1', 3, TAG_B),
];
const asked: { tags: readonly string[] | null; withInactive: boolean }[] = [];

const service = createModelSummaryService({
  repository: {
    async companyModels(companyId, tags, withInactive) {
      asked.push({ tags, withInactive });
      return stored.filter(
        (row) =>
          companyId === COMPANY &&
          (tags === null || tags.includes(row.equipment_tag_id)) &&
          (row.is_active || withInactive),
      );
    },
    componentStatuses: async (ids) =>
      [
        { model_id: 'mca-1', component: 'bearing', status: 2 },
        { model_id: 'mca-1', component: 'rotor', status: 1 },
        { model_id: 'mca-2', component: 'stator', status: 0 },
      ].filter((row) => ids.includes(row.model_id)),
  },
  visibility: {
    // A member sees the equipment assigned to them (tag A); everyone else every tag.
    visibleTags: async (userId) => (userId === 'member' ? new Set([TAG_A]) : null),
  },
  vca: {
    summaryParts: async () => ({
      'cooling-fan': 0,
      'dc-link-capacitor': 2,
      inverter: 0,
      rectifier: 1,
      stress: -1,
      'control-card': 0,
      'overall-status': 2,
    }),
  },
});

const viewer = (userId: string, platformRole: Viewer['platformRole'] = 'USER'): Viewer => ({
  userId,
  platformRole,
  permissions: new Set(),
});

describe('model summary service', () => {
  it('lists the models a member sees, inactive ones for a platform admin as disabled (-2)', async () => {
    const member = await service.overallStatus(viewer('member'), COMPANY);
    expect(asked.at(-1)).toEqual({ tags: [TAG_A], withInactive: false });
    expect(member).toEqual([
      {
        model_id: 'mca-1',
        model_name: 'Model mca-1',
        model_code: 'M-mca-1',
        model_type_id: 2,
        equipment_id: TAG_A,
        equipment_name: 'Pump A',
        equipment_alias: null,
        isActive: true,
        status: 2,
        alarmSince: since.toISOString(),
        lastDataAt: last.toISOString(),
      },
    ]);

    const admin = await service.overallStatus(viewer('root', 'ADMIN'), COMPANY);
    expect(asked.at(-1)).toEqual({ tags: null, withInactive: true });
    expect(admin.map((row) => [row.model_id, row.status, row.alarmSince])).toEqual([
      ['mca-1', 2, since.toISOString()],
      ['mca-2', -2, null],
      ['vca-1', 0, null],
    ]);
  });

  it('gives each MCA model its component statuses, -1 for a part without one, and the worst overall', async () => {
    const rows = await service.mcaStatus(viewer('root', 'ADMIN'), COMPANY);
    expect(rows).toEqual([
      {
        equipment_name: 'Pump A',
        model_id: 'mca-1',
        model_name: 'Model mca-1',
        airgapStatus: -1,
        bearingStatus: 2,
        rotorStatus: 1,
        statorStatus: -1,
        terminalBoxStatus: -1,
        overAllStatus: 2,
      },
      expect.objectContaining({ model_id: 'mca-2', statorStatus: 0, overAllStatus: 0 }),
    ]);
  });

  it("gives each visible VCA model its drive's part statuses, and none to a member who does not see it", async () => {
    expect(await service.vcaStatus(viewer('owner'), COMPANY)).toEqual([
      {
        equipment_name: 'Drive B',
        model_id: 'vca-1',
        model_name: 'Model vca-1',
        'cooling-fan': 0,
        'dc-link-capacitor': 2,
        inverter: 0,
        rectifier: 1,
        stress: -1,
        'control-card': 0,
        'overall-status': 2,
      },
    ]);
    expect(await service.vcaStatus(viewer('member'), COMPANY)).toEqual([]);
  });
});
