import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { th } from './th.ts';
import type { TranslationTree } from './translation-tree.ts';

/** Leaf strings by key path, plural suffixes removed: Thai has one plural form where English has two. */
function leaves(tree: TranslationTree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (typeof value === 'string') found.set(path, value);
    else for (const [nested, text] of leaves(value, `${path}.`)) found.set(nested, text);
  }
  return found;
}

/**
 * Words a Thai reader sees in Latin letters because Thai has no word of its own for them: the product's
 * short name, the language's own name, a file format and the engineering abbreviations of the spec.
 */
const keptInLatin = new Set(['SDP', 'English', 'Excel', 'Tmax', 'RUL', 'OLTC']);

/** Latin words of a Thai text that are not placeholders, markup, abbreviations (all capitals) or kept words. */
function englishWords(text: string): string[] {
  const words = text
    .replace(/\{\{[^}]+\}\}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .match(/[A-Za-z]{3,}/g);
  return (words ?? []).filter((word) => !keptInLatin.has(word) && word !== word.toUpperCase());
}

describe('translations', () => {
  it('gives every English string a Thai translation and no Thai string without an English one', () => {
    expect([...leaves(th).keys()].sort()).toEqual([...leaves(en).keys()].sort());
  });

  it('leaves no Thai string in English: a Thai text without Thai letters holds only abbreviations', () => {
    const untranslated = [...leaves(th)]
      .filter(([, text]) => !/[\u0E00-\u0E7F]/.test(text) && englishWords(text).length > 0)
      .map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });

  it('gives every English plural a singular and a plural form', () => {
    const plurals = (tree: TranslationTree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : plurals(value, `${prefix}${key}.`),
      );
    const keys = new Set(plurals(en));
    const lonely = [...keys].filter(
      (key) =>
        (key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other'))) ||
        (key.endsWith('_other') && !keys.has(key.replace(/_other$/, '_one'))),
    );
    expect(lonely).toEqual([]);
  });
});
