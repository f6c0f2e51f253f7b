import { describe, expect, it } from 'vitest';
import { readPaging, writePaging } from './url-paging.ts';

const sizes = [5, 10, 20, 30, 40];

describe('readPaging', () => {
  it('defaults to page 1 of 10', () => {
    expect(readPaging(new URLSearchParams(''), sizes, 10)).toEqual({ page: 1, perPage: 10 });
  });

  it('reads the page and a page size the table offers', () => {
    expect(readPaging(new URLSearchParams('page=3&perPage=20'), sizes, 10)).toEqual({ page: 3, perPage: 20 });
  });

  it('falls back to the defaults for a size the table does not offer or a page that is not a number', () => {
    expect(readPaging(new URLSearchParams('page=0&perPage=15'), sizes, 10)).toEqual({ page: 1, perPage: 10 });
    expect(readPaging(new URLSearchParams('page=abc&perPage=-5'), sizes, 10)).toEqual({
      page: 1,
      perPage: 10,
    });
  });
});

describe('writePaging', () => {
  it('keeps the other parameters of the address', () => {
    const next = writePaging(new URLSearchParams('title=Demo+Plant&page=4'), { page: 2, perPage: 5 });
    expect(next.toString()).toBe('title=Demo+Plant&page=2&perPage=5');
  });
});
