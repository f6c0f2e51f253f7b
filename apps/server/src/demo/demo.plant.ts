import {
  companyLogoPng,
  demoPlant,
  firstModelCode,
  type Plant,
  rvsDiagramPng,
  tagImagePng,
} from '@sdp/simulator';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '../auth/csrf.ts';
import type { DatabaseHandle, Db } from '../db/pool.ts';
import type { FileStore } from '../modules/files/files.service.ts';
import { createStructureRepository } from '../modules/structure/structure.repository.ts';
import { demoManualPdf, demoPmReportPdf } from './demo.model-files.ts';
import { createDemoRepository } from './demo.repository.ts';
import { DEMO_COMPANY_CODE, demoAccounts } from './demo.seed.ts';

export interface DemoPlant {
  companyId: string;
  key: string;
  /** Day 0 of the fault timeline, kept across restarts. */
  origin: number | undefined;
  /** The last instant already stored, when the plant existed before this start. */
  historyFrom: number | undefined;
}

const KEY_NAME = 'Demo simulator';

/**
 * Builds the demo plant through the public API, as an administrator would (folders, equipment tags with their
 * pictures, models with complete configurations), once; then issues a fresh ingest key for the simulator and
 * revokes the previous one.
 */
export async function buildDemoPlant(
  app: FastifyInstance,
  database: DatabaseHandle,
  files: FileStore,
  admin: { email: string; password: string },
  plant: Plant = demoPlant,
): Promise<DemoPlant> {
  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: admin });
  if (login.statusCode !== 200)
    throw new Error(`demo: the administrator cannot sign in (${login.statusCode})`);
  const cookie = `sdp_session=${login.cookies.find((c) => c.name === 'sdp_session')?.value}`;
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url,
      headers: { cookie, [CSRF_HEADER]: '1' },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`demo: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : null) as T;
  };

  const demo = createDemoRepository(database.db);
  const companyId = await demo.companyId(DEMO_COMPANY_CODE);
  const root = companyId
    ? await createStructureRepository(database.db, database.pool).primaryFolder(companyId)
    : undefined;
  if (!companyId || !root) throw new Error('demo: the demo company is not seeded');
  const existingModels = await demo.models(companyId);

  if (existingModels.length === 0) {
    const folders = new Map<string, string>();
    for (const folder of plant.folders) {
      const parentId = folder.parentKey ? (folders.get(folder.parentKey) as string) : root.id;
      const created = await call<{ id: string }>('POST', '/api/v1/structure-item', {
        parentId,
        structureItemType: 'Folder',
        structureItemTitle: folder.title,
        companies_id: companyId,
      });
      folders.set(folder.key, created.id);
    }
    const tags = new Map<string, string>();
    for (const tag of plant.tags) {
      const png = Buffer.from(tagImagePng(tag));
      const url = await files.save({
        kind: 'equipment-tags',
        originalName: `demo-${tag.code.toLowerCase()}.png`,
        type: 'png',
        bytes: png,
        companyId,
        uploadedBy: null,
      });
      const created = await call<{ id: string }>('POST', '/api/v1/equipment-tag', {
        structureItemTitle: tag.code,
        structureItemAlias: tag.name,
        structureItemType: 'EquipmentTag',
        equipmentGroupType: tag.groupType,
        posLat: tag.lat,
        posLng: tag.lng,
        parentId: folders.get(tag.folderKey),
        companies_id: companyId,
        images: [{ url, image_name: tag.imageName, image_size: png.length }],
      });
      tags.set(tag.code, created.id);
    }
    for (const model of plant.models) {
      const created = await call<{ id: string }>('POST', '/api/v1/equipment-models', {
        ...model.create,
        equipment_tag_id: tags.get(model.tagCode),
      });
      const detail = await call<{
        modelCode: string;
        equipmentModelConfiguration: { id: number; tagCode: string; value: string }[];
      }>('GET', `/api/v1/equipment-models/${created.id}`);
      if (detail.modelCode !== firstModelCode(model.tagCode, model.typeId)) {
        throw new Error(`demo: model ${model.code} was created as ${detail.modelCode}`);
      }
      // Machine Information says what the motor data says (issue 26 item 8: the MCA page showed a rated speed of
      // 1480 rpm, the type's default, beside the motor data's 1470 rpm that every fault line uses).
      for (const row of model.create.motor_data_in ?? []) {
        const item = detail.equipmentModelConfiguration.find(
          (candidate) => candidate.tagCode === row.modelConfigurationTagCode,
        );
        if (item && row.value !== null && Number(item.value) !== row.value)
          await call('PATCH', `/api/v1/equipment-model-configurations/${item.id}`, {
            value: String(row.value),
          });
      }
      // The simulator streams every few seconds: a minute of silence means the demo stopped.
      await demo.setExpectedInterval(created.id, 600);
    }
  }

  // The company has its logo (the spec requires one to save the company): once, when it has none.
  const company = await call<Record<string, unknown>>('GET', `/api/v1/companies/${companyId}`);
  if (!company.image_path) {
    const png = Buffer.from(companyLogoPng());
    const url = await files.save({
      kind: 'companys',
      originalName: 'demo-plant-logo.png',
      type: 'png',
      bytes: png,
      companyId,
      uploadedBy: null,
    });
    await call('PUT', `/api/v1/companies/${companyId}`, {
      image_path: url,
      title: company.title,
      initial_code: company.initial_code,
      description: company.description ?? '',
      start_date: company.start_date,
      end_date: company.end_date,
      rvs_upgrade: company.rvs_upgrade,
      time_zone: company.time_zone,
    });
  }

  // Every model's Overall Status Image and Document tabs have something to show: once per model that has none.
  await giveModelFiles(app, cookie, plant, await demo.models(companyId));

  // MEMBER and SUPERMEMBER see the equipment assigned to them: some of the plant, not all. Once, so an
  // administrator's later changes survive restarts (an existing plant without any assignment gets them too).
  if (!(await demo.hasAssignments(companyId))) {
    const tagIds = await demo.tagIds(companyId);
    for (const account of demoAccounts) {
      const userId = account.equipment?.length ? await demo.userId(account.email) : undefined;
      if (!userId) continue;
      for (const code of account.equipment ?? []) {
        const tagId = tagIds.get(code);
        if (!tagId) continue;
        await call('POST', '/api/v1/equipment_model_member', {
          company_id: companyId,
          equipment_tag_id: tagId,
          member_option: [{ id: userId, is_create: true, is_delete: false }],
        });
      }
    }
  }

  const keys = await call<{ id: string; name: string; revokedAt: string | null }[]>(
    'GET',
    `/api/v1/companies/${companyId}/ingest-keys`,
  );
  for (const old of keys.filter((k) => k.name === KEY_NAME && !k.revokedAt)) {
    await call('DELETE', `/api/v1/companies/${companyId}/ingest-keys/${old.id}`);
  }
  const { key } = await call<{ key: string }>('POST', `/api/v1/companies/${companyId}/ingest-keys`, {
    name: KEY_NAME,
  });
  await call('POST', '/auth/logout');

  const origin = await demo.origin(companyId);
  const lastStored = existingModels.reduce(
    (latest, model) => Math.max(latest, model.last_data_at?.getTime() ?? 0),
    0,
  );
  return {
    companyId,
    key,
    origin,
    historyFrom: existingModels.length && lastStored ? lastStored : undefined,
  };
}

/** Remembers the timeline origin of the first start. */
export async function rememberDemoOrigin(db: Db, companyId: string, origin: number) {
  await createDemoRepository(db).rememberOrigin(companyId, origin);
}

/**
 * Uploads a picture (its equipment's) and a PM report and manual (small PDFs written here) for every demo model
 * without any, through the same calls as the Image and Document tabs; and an RVS model without a machine diagram
 * gets one (drawn by the simulator) through the model settings' upload.
 */
async function giveModelFiles(
  app: FastifyInstance,
  cookie: string,
  plant: Plant,
  models: { id: string; code: string; title: string }[],
) {
  const send = async (url: string, field: string, name: string, type: string, bytes: Buffer) => {
    const boundary = `----sdp-demo-${Date.now().toString(36)}`;
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, [CSRF_HEADER]: '1', 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    if (response.statusCode >= 300)
      throw new Error(`demo: POST ${url} answered ${response.statusCode} ${response.body}`);
    return (response.body ? response.json() : {}) as { url?: string };
  };
  const get = async <T>(url: string): Promise<T> =>
    (await app.inject({ method: 'GET', url, headers: { cookie } })).json() as T;
  for (const model of models) {
    const base = `/api/v1/equipment-models/${model.id}`;
    const planned = plant.models.find((candidate) => candidate.code === model.code);
    const tag = plant.tags.find((candidate) => candidate.code === planned?.tagCode);
    if (tag && (await get<unknown[]>(`${base}/images`)).length === 0)
      await send(
        `${base}/images`,
        'image_file',
        `${model.code.toLowerCase()}.png`,
        'image/png',
        Buffer.from(tagImagePng(tag)),
      );
    const documents = await get<{ pm_report: string | null; manual: string | null }>(`${base}/documents`);
    const about = { code: model.code, title: model.title, tag: tag ? `${tag.code} ${tag.name}` : '' };
    if (!documents.pm_report)
      await send(
        `${base}/documents?type=pm_report`,
        'documentation_file',
        `pm-report-${model.code.toLowerCase()}.pdf`,
        'application/pdf',
        demoPmReportPdf(about),
      );
    if (!documents.manual)
      await send(
        `${base}/documents?type=manual`,
        'documentation_file',
        `manual-${model.code.toLowerCase()}.pdf`,
        'application/pdf',
        demoManualPdf(about),
      );
    // RVS models have a machine diagram in their settings, shown on the Diagram tab and in the report.
    if (planned?.typeId === 5) {
      const detail = await get<{
        companyId: string;
        settings: { rvs_diagram_in?: { diagram_url: string | null } };
      }>(base);
      if (!detail.settings.rvs_diagram_in?.diagram_url) {
        const { url } = await send(
          `/api/v1/upload/equipment-tags?company_id=${detail.companyId}`,
          'image_file',
          `diagram-${model.code.toLowerCase()}.png`,
          'image/png',
          Buffer.from(rvsDiagramPng()),
        );
        const saved = await app.inject({
          method: 'PUT',
          url: base,
          headers: { cookie, [CSRF_HEADER]: '1' },
          payload: { rvs_diagram_in: { diagram_url: url } },
        });
        if (saved.statusCode >= 300)
          throw new Error(`demo: PUT ${base} answered ${saved.statusCode} ${saved.body}`);
      }
    }
  }
}
