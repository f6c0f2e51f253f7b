import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error.ts';
import { EXCEL_REQUIRED, readRecommendationRows } from './workbooks.ts';

/** Reads one recommendation workbook under the heap limit its parent set (workbooks.ts readInWorker). */
try {
  const rows = await readRecommendationRows(Buffer.from(workerData as Uint8Array));
  parentPort?.postMessage({ rows });
} catch (error) {
  parentPort?.postMessage(
    error instanceof HttpError
      ? { status: error.status, detail: error.message }
      : { status: 415, detail: EXCEL_REQUIRED },
  );
}
