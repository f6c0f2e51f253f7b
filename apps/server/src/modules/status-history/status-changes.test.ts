import { describe, expect, it } from 'vitest';
import { modelStatusChanges } from './status-changes.ts';

const span = { firstT: 100, lastT: 900 };

describe('modelStatusChanges', () => {
  it('starts from the tags as they stood, then follows the highest tag, named by the tag that moved it', () => {
    const changes = modelStatusChanges(
      new Map([
        ['h2', 0],
        ['co', 0],
      ]),
      [
        { t: 200, tag: 'h2', status: 1, value: 150 },
        { t: 300, tag: 'co', status: 2, value: 900 },
        { t: 400, tag: 'h2', status: 0, value: 40 },
        { t: 500, tag: 'co', status: 0, value: 10 },
      ],
      0,
      span,
    );
    expect(changes).toEqual([
      { t: 100, status: 0, source: 'evaluation', tag: null, value: null },
      { t: 200, status: 1, source: 'evaluation', tag: 'h2', value: 150 },
      { t: 300, status: 2, source: 'evaluation', tag: 'co', value: 900 },
      // h2 falling to normal at 400 leaves co at alarm: no change of the model.
      { t: 500, status: 0, source: 'evaluation', tag: 'co', value: 10 },
    ]);
  });

  it('merges tags evaluated one after the other by time, and counts changes at one instant once', () => {
    const changes = modelStatusChanges(
      new Map([
        ['a', 0],
        ['b', 0],
      ]),
      [
        // Tag a's values are evaluated before tag b's, whatever their times.
        { t: 300, tag: 'a', status: 2, value: 9 },
        { t: 200, tag: 'b', status: 1, value: 5 },
        { t: 300, tag: 'b', status: 0, value: 1 },
      ],
      2,
      span,
    );
    expect(changes.map(({ t, status, tag }) => ({ t, status, tag }))).toEqual([
      { t: 100, status: 0, tag: null },
      { t: 200, status: 1, tag: 'b' },
      { t: 300, status: 2, tag: 'a' },
    ]);
  });

  it('ends where the model stands: offline without tags, or the status set when the changes do not reach it', () => {
    expect(modelStatusChanges(new Map(), [], -1, span)).toEqual([
      { t: 100, status: -1, source: 'evaluation', tag: null, value: null },
    ]);
    expect(modelStatusChanges(new Map([['a', 1]]), [], 0, span).at(-1)).toEqual({
      t: 900,
      status: 0,
      source: 'evaluation',
      tag: null,
      value: null,
    });
  });
});
