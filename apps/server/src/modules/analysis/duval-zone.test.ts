import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';

/**
 * A Duval Triangle 1 zone D2 or T3 sets the model's status and opens its own event (issue 26 items 1 and 8): the
 * OLTC's gases under every limit but in zone D2 make the transformer a warning on the tree, the company table and the
 * transformer page alike, with an open event that says what is wrong and what to do; leaving the zone clears it.
 */
let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let key: string;
let owner: string;
let tx: { id: string; code: string };

const HOUR = 3_600_000;
// Samples in the past (the panel reads the gases at or before now), an hour apart.
const start = Date.now() - 10 * HOUR;
const at = (hour: number) => start + hour * HOUR;

beforeAll(async () => {
  ctx = await createTestContext({}, { workers: true });
  tenants = await seedTenants(ctx.db);
  key = await createIngestKey(ctx.app, tenants.companyId);
  tx = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'TXD'), 1);
  owner = await signIn(ctx.app, 'owner@acme.test');
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: owner } });

/** OLTC gases in ppm at an hour; its limits (warning) are CH4 100, C2H4 150, C2H2 100. */
async function oltc(hour: number, ch4: number, c2h4: number, c2h2: number) {
  const ts = at(hour);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/ingest/measurements',
    headers: { authorization: `Bearer ${key}` },
    payload: {
      modelCode: tx.code,
      points: [
        { tag: 'oltc_ch4', ts, value: ch4 },
        { tag: 'oltc_c2h4', ts, value: c2h4 },
        { tag: 'oltc_c2h2', ts, value: c2h2 },
      ],
    },
  });
  expect(response.statusCode).toBeLessThan(300);
}

type Node = { equipmentModels: { id: string; status: number }[]; children: Node[] };
function treeStatus(node: Node): number | undefined {
  const found = node.equipmentModels.find((model) => model.id === tx.id);
  if (found) return found.status;
  for (const child of node.children) {
    const status = treeStatus(child);
    if (status !== undefined) return status;
  }
  return undefined;
}

/** The model's status as the tree, the company table and the transformer page (badge I, DGA panel) show it. */
async function shown() {
  const tree = (await get(`/api/v1/structure-item-company?company_id=${tenants.companyId}`)).json() as Node;
  const rows = (await get(`/api/v1/model_summary/overall_status?company_id=${tenants.companyId}`)).json() as {
    model_id: string;
    status: number;
  }[];
  const page = (await get(`/api/v1/equipment-models/tr-summary-status/${tx.id}`)).json();
  const panel = (await get(`/api/v1/advance-analysis/dga-result?modelId=${tx.id}&sensorType=oltc`)).json();
  return {
    tree: treeStatus(tree),
    company: rows.find((row) => row.model_id === tx.id)?.status,
    page: page.status,
    badge: page.tr_diagram_status.i,
    panel: panel.status,
    zone: panel.new_result.zone,
  };
}

type Listed = {
  id: number;
  tag: string;
  alarmType: number;
  alarmMessage: string;
  cause: string;
  recommendation: string;
  occurrences: number;
  stillActive: unknown;
  diagnosis: { mode: string; duval?: { zone: string; gasesWithinLimits: boolean } } | null;
};
const openEvents = async () =>
  ((await get(`/api/v1/fault-event/${tx.id}?month=0&year=0`)).json().new_alarm as Listed[]).filter(
    (event) => event.tag === 'oltc_dga_duval_zone',
  );
const modelStatus = async () =>
  (
    await ctx.db
      .selectFrom('equipment_models')
      .select('status')
      .where('id', '=', tx.id)
      .executeTakeFirstOrThrow()
  ).status;

describe('a Duval zone D2 under every gas limit', () => {
  it('makes the model a warning everywhere, with an open event saying what is wrong and what to do', async () => {
    // 50, 30, 20 ppm: %CH4 50, %C2H4 30, %C2H2 20 → D2 (C2H2 > 13, 23 ≤ C2H4 < 40); every gas under its warning.
    await oltc(0, 50, 30, 20);
    await expect.poll(modelStatus, { timeout: 20_000 }).toBe(1);
    expect(await shown()).toEqual({ tree: 1, company: 1, page: 1, badge: 1, panel: 1, zone: 'D2' });

    const [event, ...more] = await openEvents();
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      alarmType: 1,
      alarmMessage: 'Warning: OLTC Duval zone D2 (High-energy discharge (arcing))',
      occurrences: 1,
      // No limit was crossed: the event says the zone opened it, not a fixed limit.
      trippedBy: 'duval_zone',
      diagnosis: { mode: 'high_energy_discharge', duval: { zone: 'D2', gasesWithinLimits: true } },
    });
    expect(event?.cause).toBe(
      'High-energy discharge (arcing): on-load tap changer (OLTC). Duval Triangle 1 places the gases in zone D2 ' +
        '(discharges of high energy): CH4 50 ppm, C2H4 30 ppm, C2H2 20 ppm, or 50 %, 30 %, 20 % of the three. ' +
        'Every gas is within its limits: the zone alone drives the status.',
    );
    expect(event?.recommendation).toMatch(/^Confirm with a laboratory DGA .* arcing .* out of service/);
    expect(event?.stillActive).toMatchObject({ value: 20, unit: '%', zone: 'D2' });
    // Done while the gases are still in the zone is refused first, in the zone's words.
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload });
    const comment = { fault_event_id: event?.id, email_to: ['owner@acme.test'], comment: 'Lab sample taken' };
    expect((await post('/api/v1/fault-event/acknowledge', { comment_info: comment })).statusCode).toBe(200);
    const done = await post('/api/v1/fault-event/done', { comment_info: comment, outcome: 'other' });
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toContain(
      `Fault event ${event?.id} is still in Duval zone D2 (20 % of the three gases); a new event opens at the next evaluation unless the gases leave the zone.`,
    );

    // The details (evidence stored once) keep the same diagnosis; the status history names the zone.
    const detail = (await get(`/api/v1/fault-event/details/${event?.id}`)).json();
    expect(detail.evidence.diagnosis.duval).toMatchObject({
      zone: 'D2',
      gases: { ch4: 50, c2h4: 30, c2h2: 20 },
    });
    expect(detail.evidence.name).toBe('OLTC Duval zone D2');
    const history = await ctx.db
      .selectFrom('model_status_history')
      .select(['status', 'tag'])
      .where('model_id', '=', tx.id)
      .orderBy('changed_at')
      .execute();
    expect(history.at(-1)).toEqual({ status: 1, tag: 'oltc_dga_duval_zone' });
  });

  it('opens nothing new while the zone holds, clears when it leaves and counts a return on the open event', async () => {
    await oltc(1, 52, 31, 21);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await openEvents()).map((event) => event.occurrences)).toEqual([1]);

    // 96, 3, 1 ppm: %C2H2 1 < 4, %C2H4 3 < 20 → T1, no least status: the model is normal again.
    await oltc(2, 96, 3, 1);
    await expect.poll(modelStatus, { timeout: 20_000 }).toBe(0);
    expect(await shown()).toEqual({ tree: 0, company: 0, page: 0, badge: 0, panel: 0, zone: 'T1' });
    const [cleared] = await openEvents();
    expect(cleared?.stillActive).toBeNull();

    // Back in D2 while the event is open: a repeat on it (count, last value), no second event.
    await oltc(3, 50, 30, 20);
    await expect.poll(modelStatus, { timeout: 20_000 }).toBe(1);
    const events = await openEvents();
    expect(events.map((event) => [event.id, event.occurrences])).toEqual([[cleared?.id, 2]]);
  });
});
