import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { HttpError } from '../../lib/http-error.ts';

/** The image types the portal accepts (spec 01 §5), recognised by their bytes, never by name or header. */
export type ImageType = 'jpeg' | 'png';

export const IMAGE_TYPE_MESSAGE = 'Please upload file with type: jpeg, jpg, png';

/** The default of IMAGE_MAX_PIXELS: a few KB of PNG can otherwise ask for gigabytes of pixels. */
export const DEFAULT_IMAGE_MAX_PIXELS = 40_000_000;

const megapixels = (pixels: number) => `${Number((pixels / 1e6).toFixed(2))} megapixels`;

/** 413 naming the image's declared size and the limit. */
export function tooManyPixels(width: number, height: number, maxPixels: number): HttpError {
  return new HttpError(
    413,
    `The image is ${width} × ${height} pixels (${megapixels(width * height)}); the largest accepted is ${megapixels(maxPixels)}.`,
  );
}

/** The first bytes only: what the file claims to be. */
function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

/**
 * The type of a whole, well-formed image, or a refusal: 415 (IMAGE_TYPE_MESSAGE) for anything else, 413 for an
 * image whose header declares more than `maxPixels`. Beyond the first bytes the file is walked to its end: a PNG
 * chunk by chunk (CRCs, IHDR first, IEND last with nothing after it) and its image data inflated to exactly the size
 * its header promises, a JPEG segment by segment from SOI to EOI with a frame and a scan. Markup anywhere in it
 * (HTML, SVG, script) refuses it too, so no file is both an image and a page (issue 11 item 12).
 *
 * The declared dimensions are checked before anything is inflated, and the inflation runs in a worker thread that
 * counts the bytes and keeps none: a 389 KB PNG that inflates to 400 MB (issue 23 item 8) neither stalls the event
 * loop nor takes the memory.
 */
export async function checkImage(bytes: Buffer, maxPixels: number): Promise<ImageType> {
  const type = detectImageType(bytes);
  if (!type || MARKUP.test(bytes.toString('latin1'))) throw new HttpError(415, IMAGE_TYPE_MESSAGE);
  let walked: Walked | null;
  try {
    walked = type === 'png' ? walkPng(bytes) : walkJpeg(bytes);
  } catch {
    walked = null;
  }
  if (!walked) throw new HttpError(415, IMAGE_TYPE_MESSAGE);
  const { width, height } = walked;
  if (width * height > maxPixels) throw tooManyPixels(width, height, maxPixels);
  if (walked.inflate && !(await inflatesTo(walked.inflate.stream, walked.inflate.expected)))
    throw new HttpError(415, IMAGE_TYPE_MESSAGE);
  return type;
}

/** A well-formed image's declared size, and for a PNG the zlib data that must inflate to `expected` bytes. */
interface Walked {
  width: number;
  height: number;
  inflate?: { stream: Buffer; expected: number };
}

/** Inflations running at once; more wait their turn (each is a thread of its own for up to INFLATE_TIME_MS). */
const MAX_INFLATING = 2;
/** Inflations waiting beyond which an upload is refused (503) rather than queued. */
const MAX_WAITING = 32;
/** The longest an inflation may take; 40 megapixels of 16-bit RGBA (320 MB) take well under a second. */
const INFLATE_TIME_MS = 10_000;
let inflating = 0;
const waiting: (() => void)[] = [];

/** Whether the raw deflate data inflates to exactly `expected` bytes, decided in a worker thread. */
async function inflatesTo(stream: Buffer, expected: number): Promise<boolean> {
  if (inflating >= MAX_INFLATING) {
    if (waiting.length >= MAX_WAITING)
      throw new HttpError(503, 'The server is busy checking other images: try again in a moment.');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  inflating += 1;
  try {
    return await inflateInWorker(stream, expected);
  } finally {
    inflating -= 1;
    waiting.shift()?.();
  }
}

function inflateInWorker(stream: Buffer, expected: number): Promise<boolean> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./png-inflate.worker.ts', import.meta.url), {
      workerData: { stream, expected },
      // The worker keeps at most one output chunk at a time.
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    });
    let settled = false;
    const finish = (whole: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(whole);
    };
    const timer = setTimeout(() => finish(false), INFLATE_TIME_MS);
    worker.once('message', (answer: { whole: boolean }) => finish(answer.whole === true));
    worker.once('error', () => finish(false));
    worker.once('exit', () => finish(false));
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MARKUP = /<\s*(script|html|svg|body|iframe|object|embed|!doctype|\?xml-stylesheet)|javascript:/i;

function walkPng(bytes: Buffer): Walked | null {
  let offset = 8;
  let header: {
    width: number;
    height: number;
    bitDepth: number;
    colorType: number;
    interlace: number;
  } | null = null;
  const idat: Buffer[] = [];
  let first = true;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return null;
    if (first !== (type === 'IHDR')) return null;
    first = false;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8] as number,
        colorType: data[9] as number,
        interlace: data[12] as number,
      };
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      // IEND is the last thing in the file: nothing may follow it.
      if (end !== bytes.length || header === null || idat.length === 0) return null;
      const inflate = imageData(header, idat);
      return inflate && { width: header.width, height: header.height, inflate };
    }
    offset = end;
  }
  return null;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * The raw deflate data of the IDAT chunks and the size of the filtered scanlines the header describes, which it
 * must inflate to; null when the header or the zlib header is not valid.
 */
function imageData(
  header: { width: number; height: number; bitDepth: number; colorType: number; interlace: number },
  idat: Buffer[],
): { stream: Buffer; expected: number } | null {
  const { width, height, bitDepth, colorType, interlace } = header;
  const channels = CHANNELS[colorType];
  if (!channels || !DEPTHS[colorType]?.includes(bitDepth) || interlace > 1) return null;
  // PNG dimensions are at most 2^31 - 1 (the spec); the pixel cap is checked by the caller, before any inflation.
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) return null;
  const rowBytes = (w: number) => (w === 0 ? 0 : 1 + Math.ceil((w * channels * bitDepth) / 8));
  let expected = 0;
  if (interlace === 0) expected = height * rowBytes(width);
  else
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      if (w > 0 && h > 0) expected += h * rowBytes(w);
    }
  const stream = Buffer.concat(idat);
  // A zlib stream (deflate, no preset dictionary); its Adler-32 is not held against it, as browsers do not.
  const [cmf, flg] = [stream[0] as number, stream[1] as number];
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0 || flg & 0x20) return null;
  return { stream: stream.subarray(2), expected };
}

function walkJpeg(bytes: Buffer): Walked | null {
  let offset = 2;
  let frame: { width: number; height: number } | null = null;
  let scan = false;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      // EOI: only zero padding may follow.
      const rest = bytes.subarray(offset + 2);
      return frame && scan && rest.every((byte) => byte === 0) ? frame : null;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return null;
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      if (width < 1 || height < 1) return null;
      // The largest frame is what a decoder would allocate.
      if (!frame || width * height > frame.width * frame.height) frame = { width, height };
    }
    offset += 2 + length;
    if (marker === 0xda) {
      if (!frame) return null;
      scan = true;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (offset + 1 < bytes.length) {
        if (bytes[offset] === 0xff) {
          const next = bytes[offset + 1] as number;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
    }
  }
  return null;
}
