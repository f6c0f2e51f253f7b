import { inflateRawSync } from 'node:zlib';
import { HttpError } from '../../lib/http-error.ts';
import { byteLimit } from '../../storage/storage.ts';

/**
 * What an uploaded .xlsx may unpack to before ExcelJS opens it (issue 11 item 10: a 205 KB zip bomb cost the
 * server 277 MB). A recommendation workbook is a few thousand rows of text: far below every cap.
 */
export const WORKBOOK_LIMITS = {
  entries: 1000,
  entryBytes: 16 * 1024 * 1024,
  totalBytes: 24 * 1024 * 1024,
  /** Uncompressed ÷ compressed, for entries over 1 MB: XML compresses 10-20×, bombs 1000×. */
  ratio: 100,
  rows: 10_000,
  /** Cells of all worksheets: five columns are read, a few more are tolerated. */
  cells: 100_000,
};

const NOT_A_WORKBOOK = 'Please upload file excel';

const tooLarge = (what: string) => new HttpError(413, what);

/**
 * Reads the ZIP central directory of a workbook and unpacks every entry under a cap, so nothing is believed on
 * the archive's word: refuses (413, quoting the limit) too many entries, an entry or a total over its limit, an
 * absurd compression ratio, an entry holding more than it declares, and worksheets with too many rows; refuses
 * (415) what is not a plain ZIP (ZIP64, encrypted, unknown compression, broken structure).
 */
export function guardWorkbookZip(bytes: Buffer, limits = WORKBOOK_LIMITS): void {
  const end = findEndOfCentralDirectory(bytes);
  if (end < 0) throw new HttpError(415, NOT_A_WORKBOOK);
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff)
    throw new HttpError(415, NOT_A_WORKBOOK);
  if (entries > limits.entries)
    throw tooLarge(`The workbook holds more than ${limits.entries} files; a workbook has a few dozen.`);
  if (directoryOffset + directorySize > end) throw new HttpError(415, NOT_A_WORKBOOK);

  let offset = directoryOffset;
  let total = 0;
  let rows = 0;
  let cells = 0;
  for (let index = 0; index < entries; index++) {
    if (offset + 46 > end || bytes.readUInt32LE(offset) !== 0x02014b50)
      throw new HttpError(415, NOT_A_WORKBOOK);
    const flags = bytes.readUInt16LE(offset + 8);
    const method = bytes.readUInt16LE(offset + 10);
    const compressed = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const local = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1 || (method !== 0 && method !== 8)) throw new HttpError(415, NOT_A_WORKBOOK);
    if (size > limits.entryBytes)
      throw tooLarge(
        `A part of the workbook unpacks to more than the limit of ${byteLimit(limits.entryBytes)}.`,
      );
    total += size;
    if (total > limits.totalBytes)
      throw tooLarge(`The workbook unpacks to more than the limit of ${byteLimit(limits.totalBytes)}.`);
    if (size > 1024 * 1024 && size > compressed * limits.ratio)
      throw tooLarge(
        `A part of the workbook is compressed more than ${limits.ratio} times: refused as a zip bomb.`,
      );

    const content = unpack(bytes, local, method, compressed, size, limits);
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      const xml = content.toString('latin1');
      rows += xml.match(/<(?:\w+:)?row[\s/>]/g)?.length ?? 0;
      cells += xml.match(/<(?:\w+:)?c[\s/>]/g)?.length ?? 0;
      if (rows > limits.rows) throw tooLarge(`The workbook has more than the limit of ${limits.rows} rows.`);
      if (cells > limits.cells)
        throw tooLarge(`The workbook has more than the limit of ${limits.cells} cells.`);
    }
  }
}

/** One entry's bytes, never more than the central directory declared: an entry that holds more is a bomb. */
function unpack(
  bytes: Buffer,
  local: number,
  method: number,
  compressed: number,
  size: number,
  limits: typeof WORKBOOK_LIMITS,
): Buffer {
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
    throw new HttpError(415, NOT_A_WORKBOOK);
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  if (start + compressed > bytes.length) throw new HttpError(415, NOT_A_WORKBOOK);
  const data = bytes.subarray(start, start + compressed);
  if (method === 0) {
    if (compressed !== size) throw new HttpError(415, NOT_A_WORKBOOK);
    return data;
  }
  let content: Buffer;
  try {
    content = inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw tooLarge(
        `A part of the workbook unpacks to more than it declares (limit ${byteLimit(limits.entryBytes)}).`,
      );
    throw new HttpError(415, NOT_A_WORKBOOK);
  }
  if (content.length !== size) throw new HttpError(415, NOT_A_WORKBOOK);
  return content;
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const last = bytes.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let offset = last; offset >= first; offset--) {
    if (bytes.readUInt32LE(offset) === 0x06054b50) return offset;
  }
  return -1;
}
