import { availableParallelism } from 'node:os';
import { type Transferable, Worker } from 'node:worker_threads';
import type { ComputeRequest, ComputeResponse, ComputeResult } from './compute-tasks.ts';
import { HttpError } from './http-error.ts';

/** Tasks waiting for a worker beyond which a new one is refused (503): a burst queues, a flood does not pile up. */
const MAX_QUEUED = 64;

interface Pending {
  request: ComputeRequest;
  transfer: Transferable[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

/**
 * The threads that run heavy computation off the event loop (issue 23: an FFT of a long capture, the parse of a
 * large ingest body): one request's work can then never stall every other request. Workers start on first use,
 * one task each at a time; a worker that dies fails only its own task and is replaced.
 */
export function createComputePool(size = Math.max(1, Math.min(4, availableParallelism() - 1))) {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let closed = false;

  const start = (): Slot => {
    const slot: Slot = {
      worker: new Worker(new URL('./compute.worker.ts', import.meta.url)),
      busy: null,
    };
    slot.worker.unref();
    slot.worker.on('message', (message: ComputeResponse) => {
      const task = slot.busy;
      slot.busy = null;
      if (task) {
        if ('error' in message)
          task.reject(
            message.error.status
              ? new HttpError(message.error.status, message.error.message)
              : new Error(message.error.message),
          );
        else task.resolve(message.result);
      }
      next();
    });
    const lost = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      slot.busy?.reject(error);
      slot.busy = null;
      next();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', (code) => lost(new Error(`A compute worker stopped (exit code ${code}).`)));
    slots.push(slot);
    return slot;
  };

  function next() {
    if (closed) return;
    while (queue.length > 0) {
      const slot = slots.find((candidate) => !candidate.busy) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      const task = queue.shift() as Pending;
      slot.busy = task;
      slot.worker.ref();
      slot.worker.postMessage(task.request, task.transfer);
    }
    // Idle workers must not keep a stopping process alive.
    for (const slot of slots) if (!slot.busy) slot.worker.unref();
  }

  /**
   * Runs one task on a worker and answers its result. Buffers in `transfer` move to the worker (the caller must not
   * use them afterwards). Refusals the task itself decides (a body too large) reject as HttpError.
   */
  function run<K extends ComputeRequest['task']>(
    request: Extract<ComputeRequest, { task: K }>,
    transfer: Transferable[] = [],
  ): Promise<ComputeResult<K>> {
    if (closed) return Promise.reject(new Error('The compute pool is closed.'));
    if (queue.length >= MAX_QUEUED)
      return Promise.reject(
        new HttpError(503, 'The server is busy computing earlier requests: try again in a moment.'),
      );
    return new Promise((resolve, reject) => {
      queue.push({ request, transfer, resolve: resolve as (value: unknown) => void, reject });
      next();
    });
  }

  return {
    run,
    /**
     * Runs `name`, exported by the module at `module` (a feature's own file), on a worker with `input`; the function
     * answers a ModuleTaskOutput (compute-tasks.ts). `input` is copied, except the buffers in `transfer`.
     */
    call<T>(module: URL, name: string, input: unknown, transfer: Transferable[] = []): Promise<T> {
      return run({ task: 'module', module: module.href, name, input }, transfer) as Promise<T>;
    },
    stats: () => ({
      workers: slots.length,
      busy: slots.filter((slot) => slot.busy).length,
      queued: queue.length,
    }),
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The compute pool is closed.'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

export type ComputePool = ReturnType<typeof createComputePool>;
