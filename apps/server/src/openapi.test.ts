import { describe, expect, it } from 'vitest';
import { committedOpenApiDocument, servedOpenApiDocument } from '../test/openapi-document.ts';

describe('the OpenAPI document', () => {
  it('is the committed docs/openapi.json (regenerate: npx node apps/server/test/openapi-document.ts --write)', async () => {
    // Compared as documents: the order in which routes are registered is not part of the API.
    expect(JSON.parse(await servedOpenApiDocument())).toEqual(JSON.parse(await committedOpenApiDocument()));
  });
});
