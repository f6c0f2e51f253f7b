import { describe, expect, it } from 'vitest';
import {
  correlationScoreName,
  keepLatestTags,
  newCorrelationRow,
  withCorrelationTags,
} from './correlation.ts';

describe('correlation mapping', () => {
  it('keeps at most two tags: a third choice drops the oldest', () => {
    expect(keepLatestTags(['h2', 'ch4', 'load_factor'])).toEqual(['ch4', 'load_factor']);
    expect(keepLatestTags(['h2'])).toEqual(['h2']);
  });

  it('builds the score name from both tags, in the order chosen', () => {
    expect(correlationScoreName('top_oil_temperature', 'load_factor')).toBe(
      'top_oil_temperature_load_factor',
    );
  });

  it('has no score name until two tags are chosen', () => {
    expect(correlationScoreName('h2', '')).toBe('');
    expect(withCorrelationTags(newCorrelationRow(), ['h2'])).toMatchObject({
      tagCode: ['h2'],
      tagA: 'h2',
      tagB: '',
      score: '',
    });
  });

  it('renames the score when a third tag pushes the first out', () => {
    const row = withCorrelationTags(newCorrelationRow(), ['h2', 'ch4']);
    expect(withCorrelationTags(row, [...row.tagCode, 'c2h2'])).toMatchObject({
      tagCode: ['ch4', 'c2h2'],
      tagA: 'ch4',
      tagB: 'c2h2',
      score: 'ch4_c2h2',
    });
  });
});
