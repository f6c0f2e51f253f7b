import type { TreeNode } from '@sdp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signIn, type TestContext } from '../../test/harness.ts';
import { createFilesRepository } from '../modules/files/files.repository.ts';
import { createFileStore } from '../modules/files/files.service.ts';
import { createLocalStorage } from '../storage/storage.ts';
import { buildDemoPlant, type DemoPlant } from './demo.plant.ts';
import { seedDemo } from './demo.seed.ts';

const PASSWORD = 'demo-password-1';
let ctx: TestContext;
let plant: DemoPlant;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db, PASSWORD);
  const build = () =>
    buildDemoPlant(
      ctx.app,
      ctx.database,
      createFileStore({
        db: ctx.db,
        repository: createFilesRepository(ctx.db),
        storage: createLocalStorage(ctx.config.filesDir),
        quotaBytes: ctx.config.uploadQuotaBytesPerCompany,
      }),
      {
        email: 'admin@example.com',
        password: PASSWORD,
      },
    );
  plant = await build();
  // A second start finds the plant and its assignments and changes nothing.
  await build();
}, 60_000);
afterAll(() => ctx.close());

const equipmentOf = (node: TreeNode): string[] =>
  node.type === 'equipment' ? [node.structureItemTitle] : node.children.flatMap(equipmentOf);

async function equipmentSeenBy(email: string) {
  const cookie = await signIn(ctx.app, email, PASSWORD);
  const tree = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/structure-item-company?company_id=${plant.companyId}`,
    headers: { cookie },
  });
  return equipmentOf(tree.json()).sort();
}

describe('the demo plant', () => {
  it('assigns its MEMBER and SUPERMEMBER some equipment, not all; owners see the whole plant', async () => {
    expect(await equipmentSeenBy('member@example.com')).toEqual(['P101', 'P102']);
    expect(await equipmentSeenBy('supermember@example.com')).toEqual(
      ['FAN1', 'FAN2', 'P101', 'P102', 'P103', 'VSD1'].sort(),
    );
    expect(await equipmentSeenBy('owner@example.com')).toHaveLength(8);
  });

  it('gives the company a logo, once, served as a PNG (the company can then be saved as the spec requires)', async () => {
    const cookie = await signIn(ctx.app, 'owner@example.com', PASSWORD);
    const company = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${plant.companyId}`,
      headers: { cookie },
    });
    const logo = company.json().image_path as string;
    expect(logo).toMatch(/^\/api\/v1\/files\/companys\/demo-plant-logo-.+\.png$/);
    const file = await ctx.app.inject({ method: 'GET', url: logo, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { rows } = await ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM stored_files WHERE kind = 'companys' AND company_id = $1",
      [plant.companyId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('shows in Machine Information the rated values its motor data says, so one motor has one rated speed (issue 26 item 8)', async () => {
    const cookie = await signIn(ctx.app, 'owner@example.com', PASSWORD);
    const { rows } = await ctx.database.pool.query(
      'SELECT id FROM equipment_models WHERE company_id = $1 AND model_type_id = 2',
      [plant.companyId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) {
      const detail = (
        await ctx.app.inject({ method: 'GET', url: `/api/v1/equipment-models/${id}`, headers: { cookie } })
      ).json() as {
        equipmentModelConfiguration: { tagCode: string; value: string }[];
        settings: { motor_data_in: { modelConfigurationTagCode: string; value: number | null }[] };
      };
      const motorData = detail.settings.motor_data_in.find(
        (row) => row.modelConfigurationTagCode === 'rated_speed',
      );
      const shown = detail.equipmentModelConfiguration.find((item) => item.tagCode === 'rated_speed');
      expect(motorData?.value).toBe(1470);
      expect(Number(shown?.value)).toBe(motorData?.value);
    }
  });

  it('gives its RVS model a machine diagram, once, which the Diagram tab and the report show (issue 27 item 6)', async () => {
    const cookie = await signIn(ctx.app, 'owner@example.com', PASSWORD);
    const { rows } = await ctx.database.pool.query(
      'SELECT id FROM equipment_models WHERE company_id = $1 AND model_type_id = 5',
      [plant.companyId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { id } of rows) {
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/equipment-models/${id}`,
        headers: { cookie },
      });
      const diagram = detail.json().settings.rvs_diagram_in.diagram_url as string;
      expect(diagram).toMatch(/^\/api\/v1\/files\/equipment-tags\/diagram-.+\.png$/);
      const file = await ctx.app.inject({ method: 'GET', url: diagram, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    // The second start uploaded none again.
    const stored = await ctx.database.pool.query(
      "SELECT count(*)::int AS n FROM stored_files WHERE kind = 'equipment-tags' AND company_id = $1 AND name LIKE 'diagram-%'",
      [plant.companyId],
    );
    expect(stored.rows[0].n).toBe(rows.length);
  });
});
