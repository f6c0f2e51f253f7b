import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { th } from './th.ts';
import type { TranslationTree } from './translation-tree.ts';

/** Leaf keys with plural suffixes removed: Thai has one plural form where English has two. */
function keys(tree: TranslationTree, prefix = ''): Set<string> {
  const found = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (typeof value === 'string') found.add(path);
    else for (const nested of keys(value, `${path}.`)) found.add(nested);
  }
  return found;
}

describe('translations', () => {
  it('gives every English string a Thai translation and no Thai string without an English one', () => {
    expect([...keys(th)].sort()).toEqual([...keys(en)].sort());
  });
});
