import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { modelViewKeys } from '../../api/keys.ts';
import { rvsKeys } from './keys.ts';

describe('RVS query keys', () => {
  it("are reloaded with the model page's own (Refresh, Auto, live data) and not with another model's", async () => {
    const client = new QueryClient();
    client.setQueryData(rvsKeys.of('m1', 'trend', { sensors: ['S1'] }), { series: [] });
    client.setQueryData(rvsKeys.of('m2', 'trend', { sensors: ['S1'] }), { series: [] });
    await client.invalidateQueries({ queryKey: modelViewKeys.model('m1') });
    expect(client.getQueryState(rvsKeys.of('m1', 'trend', { sensors: ['S1'] }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(rvsKeys.of('m2', 'trend', { sensors: ['S1'] }))?.isInvalidated).toBe(false);
  });
});
