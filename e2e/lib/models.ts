import { type APIRequestContext, request } from 'playwright-core';
import { type ApiSession, uniqueCode } from './api.ts';
import { baseUrl } from './browser.ts';
import { onePixelPng } from './png.ts';
import { DEMO_PASSWORD, demoAccounts } from './sign-in.ts';

async function ok(what: string, response: Awaited<ReturnType<APIRequestContext['fetch']>>) {
  if (!response.ok()) throw new Error(`${what} answered ${response.status()}: ${await response.text()}`);
  return response;
}

/**
 * A signed-in API session of the platform ADMIN in a company created for the caller: what the model journeys
 * build there stays out of the demo company, whose tree other journeys read.
 */
export async function adminSessionInNewCompany(title: string): Promise<ApiSession> {
  const context: APIRequestContext = await request.newContext({
    baseURL: baseUrl(),
    // As the web client: the server refuses body-less and multipart writes without it (CSRF).
    extraHTTPHeaders: { 'x-sdp-csrf': '1' },
  });
  await ok(
    'Sign-in of the admin',
    await context.post('/auth/login', { data: { email: demoAccounts.admin, password: DEMO_PASSWORD } }),
  );
  const logo = await ok(
    'The logo upload',
    await context.post('/api/v1/upload/companys', {
      multipart: {
        image_file: { name: 'logo.png', mimeType: 'image/png', buffer: onePixelPng([11, 92, 122]) },
      },
    }),
  );
  const today = new Date().toISOString().slice(0, 10);
  const company = await ok(
    'Creating the company',
    await context.post('/api/v1/companies', {
      data: {
        image_path: ((await logo.json()) as { url: string }).url,
        title,
        initial_code: uniqueCode('M'),
        start_date: today,
        end_date: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      },
    }),
  );
  const { id: companyId } = (await company.json()) as { id: string };
  await ok(
    'Selecting the company',
    await context.put('/api/v1/users/me/company', { data: { company_id: companyId } }),
  );

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await ok(`${method} ${path}`, await context.fetch(path, { method, data: body }));
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return { companyId, call, dispose: () => context.dispose() };
}

/** Creates an online model of a type (1 Transformer … 5 RVS) with the type's defaults and answers its id. */
export async function createOnlineModel(
  session: ApiSession,
  equipmentTagId: string,
  modelTypeId: number,
  title: string,
): Promise<string> {
  const { id } = await session.call<{ id: string }>('POST', '/api/v1/equipment-models', {
    equipment_tag_id: equipmentTagId,
    model_in: { title, equipmentModelTypeId: modelTypeId },
  });
  return id;
}
