import { parentPort, workerData } from 'node:worker_threads';
import { createInflateRaw } from 'node:zlib';

/**
 * Whether a PNG's raw deflate data inflates to exactly `expected` bytes (image.ts inflatesTo). The output is counted
 * chunk by chunk and dropped, and the inflation stops as soon as it passes `expected`: memory stays at one chunk
 * whatever the data inflates to.
 */
const { stream, expected } = workerData as { stream: Uint8Array; expected: number };
const inflate = createInflateRaw({ chunkSize: 1024 * 1024 });
let total = 0;
let answered = false;
const answer = (whole: boolean) => {
  if (answered) return;
  answered = true;
  parentPort?.postMessage({ whole });
  inflate.destroy();
};
inflate.on('data', (chunk: Buffer) => {
  total += chunk.length;
  if (total > expected) answer(false);
});
inflate.on('end', () => answer(total === expected));
inflate.on('error', () => answer(false));
inflate.end(stream);
