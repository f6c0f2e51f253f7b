import { rm } from 'node:fs/promises';
import { embeddedClient, freePort, freshDataDir, type RunningServer, startServer } from './server.ts';

/** Small API client for benchmarks: signs in and builds a company with one model and an ingest key. */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** One API call with the session cookie (and the CSRF header writes carry); throws unless 2xx. */
export async function call<T>(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    // Writes without a JSON body carry the CSRF header, as the web client's do (docs/configuration.md).
    headers: { cookie, 'x-sdp-csrf': '1', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface BenchPlant {
  companyId: string;
  tagId: string;
  modelId: string;
  modelCode: string;
  key: string;
  cookie: string;
}

/** A company (code BENCH), an equipment tag and a model of `typeId`, and an ingest key, created through the API. */
export async function createBenchPlant(
  baseUrl: string,
  admin: { email: string; password: string },
  typeId = 1,
  sections: Record<string, unknown> = {},
): Promise<BenchPlant> {
  const cookie = await signInCookie(baseUrl, admin.email, admin.password);
  const company = await call<{ id: string }>(baseUrl, cookie, 'POST', '/api/v1/companies', {
    // Image fields take only our own file URLs (issue 11); no file is needed behind it for a benchmark.
    image_path: '/api/v1/files/companys/bench-logo.png',
    title: 'Bench',
    initial_code: `BENCH${Date.now().toString(36).toUpperCase()}`,
    start_date: '2026-01-01',
    end_date: '2027-12-31',
  });
  const tag = await call<{ id: string }>(baseUrl, cookie, 'POST', '/api/v1/equipment-tag', {
    structureItemTitle: 'B1',
    structureItemAlias: 'Bench unit',
    equipmentGroupType: 'electric',
    posLat: 13.7,
    posLng: 100.5,
    companies_id: company.id,
  });
  const model = await call<{ id: string }>(baseUrl, cookie, 'POST', '/api/v1/equipment-models', {
    equipment_tag_id: tag.id,
    model_in: { title: 'Bench model', equipmentModelTypeId: typeId },
    ...sections,
  });
  const detail = await call<{ modelCode: string }>(
    baseUrl,
    cookie,
    'GET',
    `/api/v1/equipment-models/${model.id}`,
  );
  const key = await call<{ key: string }>(
    baseUrl,
    cookie,
    'POST',
    `/api/v1/companies/${company.id}/ingest-keys`,
    { name: 'bench' },
  );
  return {
    companyId: company.id,
    tagId: tag.id,
    modelId: model.id,
    modelCode: detail.modelCode,
    key: key.key,
    cookie,
  };
}

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };
export const adminEnv = { SDP_ADMIN_EMAIL: BENCH_ADMIN.email, SDP_ADMIN_PASSWORD: BENCH_ADMIN.password };

export interface BenchServer {
  server: RunningServer;
  plant: BenchPlant;
  /** A client of the server's own database, for baselines and for writing fixtures directly. */
  database(): ReturnType<typeof embeddedClient>;
}

/**
 * A fresh API-only server (`ROLE=api`, no demo, the bench administrator ensured) on its own embedded database,
 * with a bench plant of a model of `typeId`; `run` measures; the server is stopped and its data removed after.
 * `env` adds or overrides the server's settings.
 */
export async function withBenchServer<T>(
  run: (bench: BenchServer) => Promise<T>,
  model: { typeId?: number; sections?: Record<string, unknown> } = {},
  env: Record<string, string> = {},
): Promise<T> {
  const dataDir = await freshDataDir();
  const pgPort = await freePort();
  const server = await startServer({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    SDP_DEMO: '0',
    ROLE: 'api',
    ...adminEnv,
    ...env,
  });
  try {
    const plant = await createBenchPlant(server.url, BENCH_ADMIN, model.typeId, model.sections);
    return await run({ server, plant, database: () => embeddedClient(dataDir, pgPort) });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
