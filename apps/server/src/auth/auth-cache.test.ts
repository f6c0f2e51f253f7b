import { describe, expect, it } from 'vitest';
import { createAuthCache } from './auth-cache.ts';

/** A loader that counts its calls and answers `value:<key>:<call>`, so a test sees whether memory answered. */
function counting() {
  let calls = 0;
  return {
    load: async (key: string) => `value:${key}:${++calls}`,
    get calls() {
      return calls;
    },
  };
}

function listeningCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const cache = createAuthCache({
    ttlMs: options.ttlMs ?? 30_000,
    maxEntries: options.maxEntries ?? 100,
    ...options,
  });
  cache.hear({ kind: 'listening' });
  return cache;
}

describe('auth cache', () => {
  it('answers a second lookup from memory while it hears the change channel', async () => {
    const cache = listeningCache();
    const loader = counting();
    const find = cache.memo(loader.load);
    expect(await find('a')).toBe('value:a:1');
    expect(await find('a')).toBe('value:a:1');
    expect(await find('b')).toBe('value:b:2');
    expect(loader.calls).toBe(2);
  });

  it('keeps nothing before the channel is heard, nor after it is lost', async () => {
    const cache = createAuthCache({ ttlMs: 30_000, maxEntries: 100 });
    const loader = counting();
    const find = cache.memo(loader.load);
    await find('a');
    await find('a');
    expect(loader.calls).toBe(2);
    cache.hear({ kind: 'listening' });
    await find('a');
    await find('a');
    expect(loader.calls).toBe(3);
    cache.hear({ kind: 'lost' });
    expect(cache.size()).toBe(0);
    await find('a');
    await find('a');
    expect(loader.calls).toBe(5);
  });

  it('forgets everything on a change, announced or local', async () => {
    const cache = listeningCache();
    const loader = counting();
    const find = cache.memo(loader.load);
    await find('a');
    cache.hear({ kind: 'change', payload: 'memberships' });
    expect(cache.listening).toBe(true);
    expect(await find('a')).toBe('value:a:2');
    cache.invalidate();
    expect(await find('a')).toBe('value:a:3');
    // Other words on the channel (a test's marker) are not changes.
    cache.hear({ kind: 'change', payload: 'sync:1' });
    expect(await find('a')).toBe('value:a:3');
  });

  it('answers but does not keep a read that overlapped a change (it may have seen the old row)', async () => {
    const cache = listeningCache();
    let release: (value: string) => void = () => undefined;
    let calls = 0;
    const find = cache.memo(async () => {
      calls += 1;
      if (calls === 1) return new Promise<string>((resolve) => (release = resolve));
      return 'fresh';
    });
    const pending = find('a');
    cache.hear({ kind: 'change', payload: 'users' });
    release('old');
    expect(await pending).toBe('old');
    expect(await find('a')).toBe('fresh');
    expect(calls).toBe(2);
  });

  it('reads again after the time to live, or when the entry says it is no longer valid', async () => {
    let clock = 1_000;
    const cache = listeningCache({ ttlMs: 5_000, now: () => clock });
    const loader = counting();
    const find = cache.memo(loader.load);
    await find('a');
    clock += 4_999;
    expect(await find('a')).toBe('value:a:1');
    clock += 2;
    expect(await find('a')).toBe('value:a:2');

    const expiring = cache.memo(
      async (key: string) => ({ key, expiresAt: clock + 10 }),
      (value) => value.expiresAt > clock,
    );
    const first = await expiring('s');
    clock += 5;
    expect(await expiring('s')).toBe(first);
    clock += 10;
    expect(await expiring('s')).not.toBe(first);
  });

  it('never keeps an unknown key (no negative answers) and holds at most maxEntries, dropping the oldest', async () => {
    const cache = listeningCache({ maxEntries: 2 });
    let calls = 0;
    const find = cache.memo(async (key: string) => {
      calls += 1;
      return key === 'missing' ? undefined : key;
    });
    await find('missing');
    await find('missing');
    expect(calls).toBe(2);
    await find('a');
    await find('b');
    await find('c');
    expect(cache.size()).toBe(2);
    await find('c');
    await find('b');
    expect(calls).toBe(5);
    await find('a');
    expect(calls).toBe(6);
  });

  it('keeps nothing with a time to live of 0 (AUTH_CACHE_SECONDS=0)', async () => {
    const cache = listeningCache({ ttlMs: 0 });
    const loader = counting();
    const find = cache.memo(loader.load);
    await find('a');
    await find('a');
    expect(loader.calls).toBe(2);
  });
});
