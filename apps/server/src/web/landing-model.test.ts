import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../test/harness.ts';
import { assignEquipment, seedEquipment } from '../../test/plant.ts';
import { RVS_BODY } from './landing-hints.ts';

// An RVS model page's index.html also names the RVS body, its first call and the machine diagram, read for the
// person asking through the model's own API call (issue 29: the RVS diagram is the phone's LCP, and the browser
// could only find it four round trips after the page's main file). Other types' bodies are not hinted: their LCP is
// the model's name, and an early body ran before it was painted.
let ctx: TestContext;
let dist: string;
let cookies: Record<Tenant, string>;
let rvs: string;
let mca: string;
const diagram = '/api/v1/files/equipment-tags/diagram-p101.png';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'sdp-web-model-hints-'));
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/features/models/pages/model-view-page.tsx': { file: 'assets/model-view-page-2.js' },
      'src/features/models/pages/model-view-body.tsx': { file: 'assets/model-view-body-3.js' },
      'src/features/model-views/mca/mca-view.tsx': { file: 'assets/mca-view-4.js' },
      [RVS_BODY.module]: { file: 'assets/rvs-view-5.js' },
    }),
  );
  ctx = await createTestContext({ WEB_DIST: dist });
  const tenants = await seedTenants(ctx.db);
  const tagId = await seedEquipment(ctx.db, tenants.companyId, 'P-101');
  cookies = await signInTenants(ctx.app);
  const create = async (equipmentModelTypeId: number, extra: object) => {
    const created = await requestAs(ctx.app, cookies, 'admin', 'POST', '/api/v1/equipment-models', {
      equipment_tag_id: tagId,
      model_in: { title: `Model ${equipmentModelTypeId}`, equipmentModelTypeId },
      ...extra,
    });
    expect(created.statusCode).toBe(201);
    return (created.json() as { id: string }).id;
  };
  rvs = await create(5, { rvs_diagram_in: { diagram_url: diagram } });
  mca = await create(2, {});
  // The member sees only the equipment assigned to them; the supervising member sees all of the company's.
  await assignEquipment(ctx.db, tenants.users.member, tagId);
});
afterAll(async () => {
  await ctx?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const page = async (who: Tenant | null, id: string) => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/model/${id}`,
    headers: who ? { cookie: cookies[who] } : {},
  });
  expect(answer.statusCode).toBe(200);
  return [...answer.body.matchAll(/<link rel="([^"]+)"(?: as="(\w+)")?[^>]*? href="([^"]+)">/g)].map(
    (m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} ${m[3]}`,
  );
};

describe('a model page’s landing hints', () => {
  it('name the RVS body, its machine status call and its diagram for a person who sees the model', async () => {
    const links = await page('member', rvs);
    expect(links).toEqual([
      'modulepreload /assets/model-view-page-2.js',
      'modulepreload /assets/model-view-body-3.js',
      'modulepreload /assets/rvs-view-5.js',
      'preload fetch /api/v1/users/me',
      'preload fetch /auth/config',
      `preload fetch /api/v1/equipment-models/${rvs}`,
      `preload fetch /api/v1/equipment-models/${rvs}/summary`,
      `preload fetch /api/v1/rvs-failure-mode/overall-failure-mode/${rvs}`,
      `preload image ${diagram}`,
    ]);
  });

  it('name no body of another type, whose largest element is the model’s name', async () => {
    const links = await page('owner', mca);
    expect(links).toContain(`preload fetch /api/v1/equipment-models/${mca}`);
    expect(links.filter((link) => /view-[45]|rvs|image/.test(link))).toEqual([]);
  });

  it('tell nothing of a model to a person of another company, or without a session', async () => {
    for (const who of ['outsider', null] as const) {
      const links = await page(who, rvs);
      expect(
        links.filter((link) => /rvs|image|failure-mode/.test(link)),
        String(who),
      ).toEqual([]);
      expect(links).toContain('modulepreload /assets/model-view-body-3.js');
    }
  });

  it('name the RVS body’s module as it exists in the web app', () => {
    expect(existsSync(path.join(import.meta.dirname, '../../../web', RVS_BODY.module))).toBe(true);
  });
});
