import createClient from 'openapi-fetch';
// Generated from the served document: npx openapi-typescript http://127.0.0.1:8080/api/docs/json -o sdp-api.ts
import type { paths } from './sdp-api.ts';

/** Signs in, reads the company's tree and stores one measurement of a model with an ingest key. */
export async function example(
  baseUrl: string,
  login: { email: string; password: string },
  companyId: string,
  key: string,
  modelCode: string,
) {
  const api = createClient<paths>({ baseUrl });
  const signedIn = await api.POST('/auth/login', { body: login });
  const cookie = signedIn.response.headers.get('set-cookie')?.split(';')[0] ?? '';
  const tree = await api.GET('/api/v1/structure-item-company', {
    params: { query: { company_id: companyId } },
    headers: { cookie },
  });
  const stored = await api.POST('/api/v1/ingest/measurements', {
    headers: { authorization: `Bearer ${key}` },
    body: { modelCode, points: [{ tag: 'h2', ts: Date.now(), value: 12.5 }] },
  });
  return { user: signedIn.data?.user, tree: tree.data, stored: stored.data, error: stored.error };
}
