import { type APIRequestContext, request } from 'playwright-core';
import { baseUrl } from './browser.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

/** A signed-in API session for setting up a journey faster than through the screens. */
export type ApiSession = {
  companyId: string;
  call: <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<T>;
  dispose: () => Promise<void>;
};

/**
 * Signs in through `POST /auth/login` (the session cookie stays in the request context). `companyId` selects that
 * company for the session (the platform ADMIN of a fresh plant has none selected yet).
 */
export async function apiSession(
  email: string,
  password = DEMO_PASSWORD,
  companyId?: string,
): Promise<ApiSession> {
  const context: APIRequestContext = await request.newContext({
    baseURL: baseUrl(),
    // As the web client: the server refuses body-less and multipart writes without it (CSRF).
    extraHTTPHeaders: { 'x-sdp-csrf': '1' },
  });
  const login = await context.post('/auth/login', { data: { email, password } });
  if (!login.ok()) throw new Error(`Sign-in of ${email} failed: ${login.status()} ${await login.text()}`);
  const { user } = (await login.json()) as { user: { selectedCompanyId: string | null } };
  if (companyId && user.selectedCompanyId !== companyId) {
    const chosen = await context.put('/api/v1/users/me/company', { data: { company_id: companyId } });
    if (!chosen.ok()) throw new Error(`${email} cannot select company ${companyId}: ${chosen.status()}`);
    user.selectedCompanyId = companyId;
  }
  if (!user.selectedCompanyId) throw new Error(`${email} has no selected company.`);

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await context.fetch(path, { method, data: body });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (response.status() === 204 ? undefined : await response.json()) as T;
  };
  return { companyId: user.selectedCompanyId, call, dispose: () => context.dispose() };
}

type TreeNode = { id: string; structureItemTitle: string; children: TreeNode[] };

/** The id of the company's root folder (the primary folder), under which journeys build. */
export async function rootFolderId(session: ApiSession): Promise<string> {
  const root = await session.call<TreeNode>(
    'GET',
    `/api/v1/structure-item-company?company_id=${session.companyId}`,
  );
  return root.id;
}

/** Creates a folder under `parentId` and answers its id. */
export async function createFolder(session: ApiSession, parentId: string, title: string): Promise<string> {
  const { id } = await session.call<{ id: string }>('POST', '/api/v1/structure-item', {
    parentId,
    structureItemType: 'Folder',
    structureItemTitle: title,
    companies_id: session.companyId,
    isPrimaryFolder: false,
    is_disabled: false,
  });
  return id;
}

/** Creates an equipment tag (rotating, in Bangkok) under `parentId` and answers its id. */
export async function createTag(
  session: ApiSession,
  parentId: string,
  code: string,
  name: string,
): Promise<string> {
  const { id } = await session.call<{ id: string }>('POST', '/api/v1/equipment-tag', {
    structureItemTitle: code,
    structureItemAlias: name,
    structureItemType: 'EquipmentTag',
    equipmentGroupType: 'rotating',
    posLat: 13.7568,
    posLng: 100.5102,
    parentId,
    companies_id: session.companyId,
    is_disabled: false,
    isPrimaryFolder: false,
    images: [],
  });
  return id;
}

/** A name no other journey of this run uses (the database lives for the whole run). */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}
