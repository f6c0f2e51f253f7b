import { describe, expect, it } from 'vitest';
import { pooled } from './mail.service.ts';

describe('SMTP transport URL', () => {
  it('pools connections unless the URL says otherwise, keeping credentials and other options', () => {
    expect(pooled('smtp://user:pass@relay.example:587')).toBe('smtp://user:pass@relay.example:587?pool=true');
    expect(pooled('smtps://relay.example?maxConnections=2')).toBe(
      'smtps://relay.example?maxConnections=2&pool=true',
    );
    expect(pooled('smtp://relay.example:25?pool=false')).toBe('smtp://relay.example:25?pool=false');
  });
});
