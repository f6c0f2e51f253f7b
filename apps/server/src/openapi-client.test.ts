import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, PASSWORD, seedTenants, type TestContext } from '../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../test/plant.ts';

/**
 * What an integrator does with our API document (issue 29): generate TypeScript types from the document the
 * server serves, type-check the client of docs/examples/sdp-client.ts against them, and run it against a real
 * server: sign in, read the tree, ingest a point. A route whose declared schema differs from what the client
 * needs fails here, in the type check or in the answers.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const EXAMPLE = path.join(REPO, 'docs/examples/sdp-client.ts');

/** Type errors of `files`, as a reader would see them: file, line and message. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.basename(diagnostic.file.fileName)}:${line + 1} ${message}`;
  });
}

describe('a client generated from the served OpenAPI document', () => {
  let ctx: TestContext;
  let base: string;
  let dir: string;
  let companyId: string;
  let model: { id: string; code: string };
  let key: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ({ companyId } = await seedTenants(ctx.db));
    const tag = await seedEquipment(ctx.db, companyId, 'TX-CLIENT');
    model = await createModel(ctx.app, tag, 1);
    key = await createIngestKey(ctx.app, companyId);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    // Under the repository (its tmp/ is ignored by git) so that `openapi-fetch` resolves from the client file.
    await mkdir(path.join(REPO, 'tmp'), { recursive: true });
    dir = await mkdtemp(path.join(REPO, 'tmp', 'openapi-client-'));
    const document = await (await fetch(`${base}/api/docs/json`)).json();
    await writeFile(path.join(dir, 'sdp-api.ts'), astToString(await openapiTS(document)));
    await copyFile(EXAMPLE, path.join(dir, 'sdp-client.ts'));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('type-checks the documented client against the generated types, and a wrong call does not', async () => {
    expect(typeErrors([path.join(dir, 'sdp-client.ts')])).toEqual([]);
    // The check can fail: a path the API does not have and a body without its required field are both errors.
    await writeFile(
      path.join(dir, 'wrong.ts'),
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './sdp-api.ts';",
        'const api = createClient<paths>({});',
        "await api.GET('/api/v1/no-such-path');",
        "await api.POST('/auth/login', { body: { email: 'a@b.c' } });",
        'export {};',
      ].join('\n'),
    );
    const errors = typeErrors([path.join(dir, 'wrong.ts')]);
    expect(errors.some((error) => error.startsWith('wrong.ts:4'))).toBe(true);
    expect(errors.some((error) => error.startsWith('wrong.ts:5') && error.includes('password'))).toBe(true);
  }, 60_000);

  it('signs in, reads the tree and ingests a point against a real server', async () => {
    const client: { example: Example } = await import(pathToFileURL(path.join(dir, 'sdp-client.ts')).href);
    const login = { email: 'owner@acme.test', password: PASSWORD };
    const result = await client.example(base, login, companyId, key, model.code);
    expect(result.user?.email).toBe('owner@acme.test');
    expect(JSON.stringify(result.tree)).toContain(`"modelCode":"${model.code}"`);
    expect(result.error).toBeUndefined();
    expect(result.stored).toEqual({ accepted: 1, duplicates: 0, rejected: 0, errors: [] });
  });
});

/** The shape of docs/examples/sdp-client.ts's function, as this test uses it (its types are generated at run time). */
type Example = (
  baseUrl: string,
  login: { email: string; password: string },
  companyId: string,
  key: string,
  modelCode: string,
) => Promise<{ user?: { email: string }; tree?: unknown; stored?: unknown; error?: unknown }>;
