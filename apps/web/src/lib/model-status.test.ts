import { describe, expect, it } from 'vitest';
import { modelStatusKind } from './model-status.ts';

describe('modelStatusKind', () => {
  it('reads 0, 1 and 2 as normal, warning and alarm', () => {
    expect([0, 1, 2].map(modelStatusKind)).toEqual(['normal', 'warning', 'alarm']);
  });

  it('reads −2 as disabled and every other code as offline', () => {
    expect(modelStatusKind(-2)).toBe('disabled');
    expect([-1, 3, 99].map(modelStatusKind)).toEqual(['offline', 'offline', 'offline']);
  });
});
