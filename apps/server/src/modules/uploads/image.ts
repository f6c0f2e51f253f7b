import { crc32, inflateRawSync } from 'node:zlib';

/** The image types the portal accepts (spec 01 §5), recognised by their bytes, never by name or header. */
export type ImageType = 'jpeg' | 'png';

export const IMAGE_TYPE_MESSAGE = 'Please upload file with type: jpeg, jpg, png';

/** Larger images are refused: a few KB of PNG can otherwise ask a browser for gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The first bytes only: what the file claims to be. */
function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

/**
 * The type of a whole, well-formed image, or null. Beyond the first bytes the file is walked to its end: a PNG
 * chunk by chunk (CRCs, IHDR first, IDAT inflated to exactly the size its header promises, IEND last with
 * nothing after it), a JPEG segment by segment from SOI to EOI with a frame and a scan. Markup anywhere in it
 * (HTML, SVG, script) refuses it too, so no file is both an image and a page (issue 11 item 12).
 */
export function validateImage(bytes: Buffer): ImageType | null {
  const type = detectImageType(bytes);
  if (!type) return null;
  try {
    const whole = type === 'png' ? validPng(bytes) : validJpeg(bytes);
    return whole && !MARKUP.test(bytes.toString('latin1')) ? type : null;
  } catch {
    return null;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MARKUP = /<\s*(script|html|svg|body|iframe|object|embed|!doctype|\?xml-stylesheet)|javascript:/i;

function validPng(bytes: Buffer): boolean {
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
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== bytes.readUInt32BE(offset + 8 + length))
      return false;
    if (first !== (type === 'IHDR')) return false;
    first = false;
    if (type === 'IHDR') {
      if (length !== 13) return false;
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
      return end === bytes.length && header !== null && idat.length > 0 && pixelsInflate(header, idat);
    }
    offset = end;
  }
  return false;
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

/** The image data must inflate to exactly the filtered scanlines the header describes. */
function pixelsInflate(
  header: { width: number; height: number; bitDepth: number; colorType: number; interlace: number },
  idat: Buffer[],
): boolean {
  const { width, height, bitDepth, colorType, interlace } = header;
  const channels = CHANNELS[colorType];
  if (!channels || !DEPTHS[colorType]?.includes(bitDepth) || interlace > 1) return false;
  if (width < 1 || height < 1 || width * height > MAX_IMAGE_PIXELS) return false;
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
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0 || flg & 0x20) return false;
  const raw = inflateRawSync(stream.subarray(2), { maxOutputLength: expected + 1 });
  return raw.length === expected;
}

function validJpeg(bytes: Buffer): boolean {
  let offset = 2;
  let frame = false;
  let scan = false;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      // EOI: only zero padding may follow.
      const rest = bytes.subarray(offset + 2);
      return frame && scan && rest.every((byte) => byte === 0);
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return false;
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      if (width < 1 || height < 1 || width * height > MAX_IMAGE_PIXELS) return false;
      frame = true;
    }
    offset += 2 + length;
    if (marker === 0xda) {
      if (!frame) return false;
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
  return false;
}
