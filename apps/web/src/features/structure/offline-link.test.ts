import { describe, expect, it } from 'vitest';
import { offlineLinkHref } from './offline-link.ts';

describe('offlineLinkHref', () => {
  it("adds 'https://' to a link without a scheme", () => {
    expect(offlineLinkHref('example.com/app')).toBe('https://example.com/app');
    expect(offlineLinkHref('  example.com  ')).toBe('https://example.com');
    expect(offlineLinkHref('//example.com')).toBe('https://example.com');
  });

  it('keeps a link that already says http or https', () => {
    expect(offlineLinkHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(offlineLinkHref('http://127.0.0.1:8080/healthz')).toBe('http://127.0.0.1:8080/healthz');
    expect(offlineLinkHref('HTTPS://EXAMPLE.COM')).toBe('HTTPS://EXAMPLE.COM');
  });

  it("answers null for a missing or blank link, which the tree reports as 'No Link Url'", () => {
    expect(offlineLinkHref('')).toBeNull();
    expect(offlineLinkHref('   ')).toBeNull();
    expect(offlineLinkHref(null)).toBeNull();
    expect(offlineLinkHref(undefined)).toBeNull();
  });

  it('never hands a script URL to the browser', () => {
    expect(offlineLinkHref('javascript:alert(1)')).toBe('https://javascript:alert(1)');
  });
});
