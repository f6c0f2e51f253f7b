/**
 * Equipment pictures for the demo tags, drawn at run time: a 64×64 truecolour PNG (zlib-compressed, CRC-checked)
 * with a background by equipment group and a simple glyph, so the portal has real images to show.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { EquipmentGroupType } from '@sdp/contracts';
import type { PlantTag } from './plant.ts';
import { hashString } from './random.ts';

/** Side of the tag pictures, pixels. */
export const TAG_IMAGE_SIZE = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const GROUP_COLOURS: Record<EquipmentGroupType, readonly [number, number, number]> = {
  electric: [33, 101, 192],
  rotating: [46, 125, 50],
  static: [121, 85, 72],
  instrument: [123, 31, 162],
  process: [230, 81, 0],
};

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG (colour type 2, 8 bits) of `width`×`height` RGB pixels given row by row. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8;
  header[9] = 2;
  // Every scanline starts with filter type 0 (none).
  const raw = new Uint8Array(height * (1 + 3 * width));
  for (let y = 0; y < height; y++)
    raw.set(rgb.subarray(3 * width * y, 3 * width * (y + 1)), y * (1 + 3 * width) + 1);
  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    png.set(part, at);
    at += part.length;
  }
  return png;
}

/** Whether pixel (x, y), in units of the picture side, belongs to the glyph of a group. */
function glyph(group: EquipmentGroupType, x: number, y: number): boolean {
  const dx = x - 0.5;
  const dy = y - 0.5;
  const r = Math.hypot(dx, dy);
  switch (group) {
    case 'rotating': // an impeller: a ring with three vanes
      return (r > 0.26 && r < 0.32) || (r < 0.26 && Math.abs(Math.sin(3 * Math.atan2(dy, dx))) < 0.25);
    case 'electric': // a lightning bolt
      return Math.abs(x - (0.62 - 0.5 * y + (y > 0.5 ? 0.24 : 0))) < 0.07 && y > 0.18 && y < 0.82;
    default: // a vessel
      return Math.abs(dx) < 0.2 && Math.abs(dy) < 0.3;
  }
}

/** The 64×64 PNG of a tag: its group's colour, shaded by the tag code, with the group's glyph in white. */
export function tagImagePng(tag: Pick<PlantTag, 'code' | 'groupType'>): Uint8Array<ArrayBuffer> {
  const size = TAG_IMAGE_SIZE;
  const base = GROUP_COLOURS[tag.groupType];
  const shade = 0.8 + 0.4 * ((hashString(tag.code) % 1000) / 1000);
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = 3 * (y * size + x);
      const white = glyph(tag.groupType, (x + 0.5) / size, (y + 0.5) / size);
      const light = 1 - (0.25 * y) / size;
      for (let c = 0; c < 3; c++) {
        rgb[at + c] = white ? 250 : Math.min(255, Math.round(base[c]! * shade * light));
      }
    }
  }
  return encodePng(size, size, rgb);
}

/**
 * The demo company's 128×128 logo: a teal square with a white pulse line (a trend going through a spike), so the
 * drawer and the company cards show a real picture and the company can be edited as the spec requires a logo.
 */
export function companyLogoPng(): Uint8Array<ArrayBuffer> {
  const size = 128;
  const rgb = new Uint8Array(size * size * 3);
  const pulse = (x: number) => {
    const u = x / size;
    if (u < 0.3 || u > 0.7) return 0.5;
    if (u < 0.4) return 0.5 - (u - 0.3) * 3;
    if (u < 0.55) return 0.2 + (u - 0.4) * 4;
    return 0.8 - (u - 0.55) * 2;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const line = Math.abs(y / size - pulse(x)) < 0.035 && x > 12 && x < size - 12;
      rgb.set(line ? [255, 255, 255] : [11, 92, 122], 3 * (y * size + x));
    }
  }
  return encodePng(size, size, rgb);
}

/**
 * The demo's RVS machine diagram (480×200): a motor coupled to a pump on a base frame, with a marker at each
 * bearing where a vibration sensor sits (motor DE and NDE, pump DE and NDE), as a site would upload a sketch of its
 * train in the model settings.
 */
export function rvsDiagramPng(): Uint8Array<ArrayBuffer> {
  const width = 480;
  const height = 200;
  const rgb = new Uint8Array(width * height * 3);
  const box = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
    x >= x0 && x < x1 && y >= y0 && y < y1;
  const sensors = [
    [60, 52],
    [196, 52],
    [292, 52],
    [404, 52],
  ] as const;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let colour: readonly [number, number, number] = [245, 247, 250];
      if (box(x, y, 20, 170, 460, 182)) colour = [96, 125, 139]; // base frame
      if (box(x, y, 230, 104, 262, 116) || box(x, y, 24, 104, 40, 116)) colour = [66, 66, 66]; // shaft ends
      if (box(x, y, 40, 66, 216, 154)) colour = [33, 101, 192]; // motor body
      if (box(x, y, 40, 66, 216, 154) && (x - 40) % 16 < 3) colour = [21, 73, 140]; // cooling fins
      if (box(x, y, 216, 96, 232, 124) || box(x, y, 260, 96, 276, 124)) colour = [158, 158, 158]; // coupling halves
      if (box(x, y, 276, 72, 340, 148)) colour = [46, 125, 50]; // pump bearing housing
      if (Math.hypot(x - 396, y - 110) < 50) colour = [46, 125, 50]; // volute
      if (Math.hypot(x - 396, y - 110) < 18) colour = [200, 230, 201]; // suction eye
      if (box(x, y, 60, 154, 100, 170) || box(x, y, 156, 154, 196, 170) || box(x, y, 376, 154, 416, 170))
        colour = [96, 125, 139]; // feet
      for (const [sx, sy] of sensors) {
        const r = Math.hypot(x - sx, y - sy);
        if (r < 9) colour = r < 6 ? [255, 193, 7] : [33, 33, 33]; // sensor marker
        if (Math.abs(x - sx) < 2 && y > sy + 8 && y < sy + 16) colour = [33, 33, 33]; // its stud
      }
      rgb.set(colour, 3 * (y * width + x));
    }
  }
  return encodePng(width, height, rgb);
}
