import { beforeAll, describe, expect, it } from 'vitest';
import { servedOpenApiDocument } from '../../test/openapi-document.ts';
import {
  clientErrorStatuses,
  collapseSingleAnyOf,
  OPERATION_IDS,
  withoutUnusedComponents,
} from './openapi-operations.ts';

interface Operation {
  operationId?: string;
  tags?: string[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

describe('the OpenAPI document for client generators (issue 29)', () => {
  let document: Document;
  let operations: { key: string; operation: Operation }[];

  beforeAll(async () => {
    document = JSON.parse(await servedOpenApiDocument());
    operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${url}`,
        operation,
      })),
    );
  }, 60_000);

  it('names the server', () => {
    expect(document.servers).toEqual([
      { url: 'http://127.0.0.1:8080', description: 'This installation (PUBLIC_URL)' },
    ]);
  });

  it('gives every operation an operationId from OPERATION_IDS, each used once', () => {
    const missing = operations.filter(({ operation }) => !operation.operationId).map(({ key }) => key);
    expect(missing, 'add these to OPERATION_IDS in openapi-operations.ts').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const { key, operation } of operations) expect(operation.operationId).toBe(OPERATION_IDS[key]);
  });

  it('gives every operation a tag the document describes', () => {
    const described = new Set(document.tags?.map((tag) => tag.name));
    const untagged = operations.filter(
      ({ operation }) => !operation.tags?.every((tag) => described.has(tag)),
    );
    expect(untagged.map(({ key }) => key)).toEqual([]);
  });

  it('documents a { detail } answer for 400 on every operation and 401 on every one behind a sign-in', () => {
    const error = '#/components/schemas/Error';
    for (const { key, operation } of operations) {
      expect(operation.responses['400']?.content?.['application/json']?.schema?.$ref, key).toBe(error);
    }
    const companies = operations.find(({ key }) => key === 'GET /api/v1/companies/{id}')?.operation;
    expect(Object.keys(companies?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    const lookups = operations.find(({ key }) => key === 'GET /api/v1/bearings')?.operation;
    expect(lookups?.responses['401']?.content?.['application/json']?.schema?.$ref).toBe(error);
    expect(operations.find(({ key }) => key === 'GET /healthz')?.operation.responses['401']).toBeUndefined();
  });

  it('keeps only the components an operation refers to', () => {
    const text = JSON.stringify(document.paths);
    for (const name of Object.keys(document.components.schemas)) {
      const referred =
        text.includes(`"#/components/schemas/${name}"`) ||
        JSON.stringify(document.components.schemas).includes(`"#/components/schemas/${name}"`);
      expect(referred, name).toBe(true);
    }
    expect(Object.keys(document.components.schemas)).toContain('Error');
  });
});

describe('the 4xx a route can answer', () => {
  it('follows from its access rule, its method and its path parameters', () => {
    expect(clientErrorStatuses('GET', '/healthz', { kind: 'public' })).toEqual([400]);
    expect(clientErrorStatuses('POST', '/auth/logout', { kind: 'public' })).toEqual([400, 403]);
    expect(clientErrorStatuses('GET', '/api/v1/bearings', { kind: 'signedIn' })).toEqual([400, 401]);
    expect(clientErrorStatuses('GET', '/api/v1/files/:kind/:name', { kind: 'signedIn' })).toEqual([
      400, 401, 404,
    ]);
    expect(clientErrorStatuses('GET', '/api/v1/admins', { kind: 'platformAdmin' })).toEqual([400, 401, 403]);
    expect(
      clientErrorStatuses('GET', '/api/v1/x', {
        kind: 'company',
        permission: 'ViewCompany',
        companyId: () => null,
      }),
    ).toEqual([400, 401, 403, 404]);
  });
});

describe('the document clean-ups', () => {
  it('drops components nobody reaches, keeping those reached through another component', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { $ref: '#/components/schemas/A' } } } } },
      components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' }, AInput: {} } },
    };
    expect(Object.keys(withoutUnusedComponents(document).components.schemas)).toEqual(['A', 'B']);
  });

  it('turns an anyOf of one schema into that schema', () => {
    expect(collapseSingleAnyOf({ description: 'd', anyOf: [{ type: 'string' }] })).toEqual({
      description: 'd',
      type: 'string',
    });
    expect(collapseSingleAnyOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
  });
});
