import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoPlant } from './plant.ts';
import { TAG_IMAGE_SIZE, tagImagePng } from './png.ts';

/** The chunks of a PNG: type, data, and whether the stored CRC matches. */
function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const found: { type: string; data: Uint8Array; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const crcOk = view.getUint32(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length));
    found.push({ type, data, crcOk });
    at += 12 + length;
  }
  return found;
}

describe('tag pictures', () => {
  it('are valid 64×64 RGB PNGs with correct CRCs whose pixels inflate to the full image', () => {
    for (const tag of demoPlant.tags) {
      const png = tagImagePng(tag);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const parts = chunks(png);
      expect(parts.map((part) => part.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect(parts.every((part) => part.crcOk)).toBe(true);
      const header = new DataView(parts[0]!.data.buffer, parts[0]!.data.byteOffset, 13);
      expect([header.getUint32(0), header.getUint32(4), header.getUint8(8), header.getUint8(9)]).toEqual([
        TAG_IMAGE_SIZE,
        TAG_IMAGE_SIZE,
        8,
        2,
      ]);
      expect(inflateSync(parts[1]!.data)).toHaveLength(TAG_IMAGE_SIZE * (1 + 3 * TAG_IMAGE_SIZE));
      expect(png.length).toBeLessThan(4096);
    }
  });

  it('differ between tags and repeat for the same tag', () => {
    const images = demoPlant.tags.map((tag) => Buffer.from(tagImagePng(tag)).toString('base64'));
    expect(new Set(images).size).toBe(images.length);
    expect(tagImagePng(demoPlant.tags[0]!)).toEqual(tagImagePng(demoPlant.tags[0]!));
  });
});
