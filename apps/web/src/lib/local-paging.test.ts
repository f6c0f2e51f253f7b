import { describe, expect, it } from 'vitest';
import { pageRows } from './local-paging.ts';

describe('pageRows', () => {
  const rows = [1, 2, 3, 4, 5, 6, 7];

  it('takes the rows of the page, pages counting from 1', () => {
    expect(pageRows(rows, { page: 1, perPage: 3 })).toEqual([1, 2, 3]);
    expect(pageRows(rows, { page: 3, perPage: 3 })).toEqual([7]);
  });

  it('is empty past the last page', () => {
    expect(pageRows(rows, { page: 4, perPage: 3 })).toEqual([]);
  });
});
