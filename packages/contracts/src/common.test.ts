import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWebLink, withWebScheme } from './common.ts';

/**
 * What a client does with a stored link: uses it as written, as a browser resolves an href (the WHATWG URL parser,
 * which drops tabs and line breaks and leading controls). An accepted link must then be a web address, or a relative
 * one the web app prefixes with https:// (issue 23 item 14).
 */
function schemeAsWritten(link: string): string | null {
  try {
    return new URL(link).protocol;
  } catch {
    return null; // relative: resolved against the page, never a script
  }
}

const pieces = [
  'javascript',
  'JaVaScRiPt',
  'java\tscript',
  'vbscript',
  'data',
  'file',
  'blob',
  'http',
  'https',
  'mailto',
  ':',
  '://',
  '//',
  '/',
  '1',
  '8080',
  ' ',
  '\n',
  '\u0000',
  '%0a',
  'alert(1)',
  'evil.ru',
  'example.com',
  '@',
  '.',
];

describe('isWebLink', () => {
  it('accepts web addresses with and without a scheme, and host:port', () => {
    for (const link of [
      'https://h.example/a',
      'http://h.example:8080',
      'historian.example.com',
      'localhost:8080/x',
    ])
      expect(isWebLink(link), link).toBe(true);
  });

  it('stores nothing a client would open as another scheme than http(s), whatever the pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), (parts) => {
        const typed = parts.join('');
        if (!isWebLink(typed)) return;
        const link = withWebScheme(typed);
        const scheme = schemeAsWritten(link);
        expect(scheme === null || scheme === 'http:' || scheme === 'https:', JSON.stringify(link)).toBe(true);
      }),
      { numRuns: 20_000, seed: 23_14 },
    );
  });
});
