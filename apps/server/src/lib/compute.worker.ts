import { parentPort } from 'node:worker_threads';
import { type ComputeRequest, runComputeTask } from './compute-tasks.ts';

// One thread of the compute pool (worker-pool.ts): a task in, its answer (or its refusal) out.
parentPort?.on('message', async (request: ComputeRequest) => {
  const { response, transfer } = await runComputeTask(request);
  parentPort?.postMessage(response, transfer);
});
