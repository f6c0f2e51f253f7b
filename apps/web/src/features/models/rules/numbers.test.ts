import { describe, expect, it } from 'vitest';
import { numberText, parseNumberText, textShowsNumber } from './numbers.ts';

describe('numeric fields', () => {
  it('turns typed text into a number on each change', () => {
    expect(parseNumberText('2.8')).toBe(2.8);
    expect(parseNumberText(' -45 ')).toBe(-45);
    expect(parseNumberText('1e3')).toBe(1000);
  });

  it('reads an empty field as no value and unfinished or wrong text as not a number', () => {
    expect(parseNumberText('')).toBeNull();
    expect(parseNumberText('-')).toBeNaN();
    expect(parseNumberText('abc')).toBeNaN();
    expect(parseNumberText('Infinity')).toBeNaN();
  });

  it('keeps what is typed while it already reads as the value', () => {
    expect(textShowsNumber('4.50', 4.5)).toBe(true);
    expect(textShowsNumber('4.5', 5)).toBe(false);
    expect(textShowsNumber('', null)).toBe(true);
    expect(textShowsNumber('-', Number.NaN)).toBe(true);
    expect(textShowsNumber('', Number.NaN)).toBe(true);
    expect(textShowsNumber('', 0)).toBe(false);
    expect(numberText(null)).toBe('');
    expect(numberText(-40)).toBe('-40');
  });
});
