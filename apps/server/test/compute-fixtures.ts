import type { ModuleTaskOutput } from '../src/lib/compute-tasks.ts';

// Tasks for lib/worker-pool.test.ts, run on the pool's threads.

/** Answers its input doubled, its buffer moved back. */
export function doubleTask(input: Float64Array): ModuleTaskOutput<Float64Array> {
  const out = input.map((value) => value * 2);
  return { result: out, transfer: [out.buffer] };
}

/** Ends the thread it runs on, as a crash in native code would. */
export function exitTask(): ModuleTaskOutput<never> {
  process.exit(3);
}

/** Throws a fault of ours (not the caller's). */
export function faultTask(): ModuleTaskOutput<never> {
  throw new Error('broken on purpose');
}
