import { describe, expect, it } from 'vitest';
import { createAdmission, OverloadedError } from './admission.ts';

describe('the bounded ingestion queue', () => {
  it('admits `active` at once, queues `waiting` in order, and refuses the next at once', async () => {
    const admission = createAdmission({ active: 2, waiting: 2, waitMs: 10_000 });
    const first = await admission.enter();
    const second = await admission.enter();
    const order: number[] = [];
    const third = admission.enter().then((leave) => {
      order.push(3);
      return leave;
    });
    const fourth = admission.enter().then((leave) => {
      order.push(4);
      return leave;
    });
    await expect(admission.enter()).rejects.toBeInstanceOf(OverloadedError);
    expect(admission.stats()).toEqual({ active: 2, waiting: 2, refused: 1 });
    first();
    first(); // a second release of the same turn changes nothing
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(admission.stats()).toEqual({ active: 0, waiting: 0, refused: 1 });
  });

  it('refuses a batch that waited longer than waitMs, and its place is freed', async () => {
    const admission = createAdmission({ active: 1, waiting: 1, waitMs: 20 });
    const leave = await admission.enter();
    const refusal = await admission.enter().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OverloadedError);
    expect((refusal as OverloadedError).status).toBe(503);
    expect(admission.stats()).toMatchObject({ active: 1, waiting: 0, refused: 1 });
    leave();
    (await admission.enter())();
  });
});
