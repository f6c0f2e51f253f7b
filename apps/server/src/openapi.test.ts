import { describe, expect, it } from 'vitest';
import { committedOpenApiDocument, servedOpenApiDocument } from '../test/openapi-document.ts';

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json (regenerate: npx node apps/server/test/openapi-document.ts --write)', async () => {
    expect(await servedOpenApiDocument()).toBe(await committedOpenApiDocument());
  });
});
