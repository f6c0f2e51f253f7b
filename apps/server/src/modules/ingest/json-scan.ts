import { MAX_POINTS_PER_REQUEST } from '@sdp/contracts';
import type { RawBatch } from './parse.ts';

/** The points of a measurements body as columns: each point's tag (an index into the distinct tags), time, value. */
export interface ScannedPoints {
  tags: string[];
  tagIndex: Int32Array;
  ts: Float64Array;
  values: Float64Array;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** Powers of ten a double holds exactly (10^22 is the last). */
const EXACT_POWERS = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Digits whose integer a double holds exactly (fewer than 16: below 2^53). */
const EXACT_DIGITS = 15;

const asciiBytes = (name: string) => Uint8Array.from(name, (char) => char.charCodeAt(0));
const MODEL_CODE_KEY = asciiBytes('modelCode');
const POINTS_KEY = asciiBytes('points');
const TAG_KEY = asciiBytes('tag');
const TS_KEY = asciiBytes('ts');
const VALUE_KEY = asciiBytes('value');

/** Distinct tags of a batch known again by their bytes; beyond, by a map of their strings. */
const NEAR_TAGS = 32;

/** A point's keys, as bits: each must appear exactly once. */
const TAG = 1;
const TS = 2;
const VALUE = 4;

/** Thrown, and caught by scanMeasurementsJson, when the body is not of the usual shape. */
class NotUsual extends Error {}
const notUsual = new NotUsual();

/**
 * Reads a JSON measurements body of the usual shape, `{"modelCode": "…", "points": [{"tag": "…", "ts": 1735689600000,
 * "value": 1.5}, …]}` (keys in any order, any JSON whitespace), into columns, without an object per point (issue 28
 * item 1: JSON.parse built 20,000 objects a batch; they outlived the young generation while the batch was written,
 * so the server's heap grew to 300 MB of garbage between collections, and their parsing and collection were a third
 * of its CPU). Answers null for anything else: a key or value of another kind, a string with an escape or a character
 * outside printable ASCII, a timestamp that is not an integer, a repeated key, more points than a request may carry.
 * The caller then parses the body with JSON.parse, which answers every such case (its errors, its row reasons) as
 * before: so this reads exactly what JSON.parse would, or nothing. Written as loops over the bytes with plain
 * functions of (bytes, position), no closure over the position, which V8 would keep in memory rather than in a
 * register.
 */
export function scanMeasurementsJson(body: Uint8Array): { modelCode: string; points: ScannedPoints } | null {
  try {
    return scan(body);
  } catch (error) {
    if (error === notUsual) return null;
    throw error;
  }
}

/** Where JSON whitespace from `at` ends. */
function skipSpace(bytes: Uint8Array, at: number): number {
  let c = bytes[at];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = bytes[++at];
  return at;
}

/** Where the string of printable ASCII without escapes that opens at `at` closes (its closing quote). */
function plainStringEnd(bytes: Uint8Array, at: number): number {
  if (bytes[at] !== QUOTE) throw notUsual;
  for (let i = at + 1; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (c === QUOTE) return i;
    if (c < 0x20 || c > 0x7e || c === BACKSLASH) throw notUsual;
  }
  throw notUsual;
}

/** Whether bytes [start, end) are those of `name`. */
function bytesAre(bytes: Uint8Array, start: number, end: number, name: Uint8Array): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (bytes[start + i] !== name[i]) return false;
  return true;
}

/** ASCII bytes as a string (latin1 is their exact decoding). */
function ascii(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}

/** The last number readNumber read. */
const numberRead = new Float64Array(1);

/**
 * Reads the JSON number at `at` into numberRead[0] and answers where it ends. Its value is computed from its digits
 * when they fit a double exactly (then the quotient of two exact doubles is the correctly rounded value, as
 * JSON.parse gives), otherwise by Number() of its text. `integer`: refused unless it has no fraction or exponent.
 */
function readNumber(bytes: Uint8Array, at: number, integer: boolean): number {
  const first = at;
  const negative = bytes[at] === MINUS;
  if (negative) at++;
  let mantissa = 0;
  let digits = 0;
  let c = bytes[at] as number;
  if (c === ZERO) at++;
  else if (c > ZERO && c <= NINE) {
    do {
      mantissa = mantissa * 10 + (c - ZERO);
      digits++;
      c = bytes[++at] as number;
    } while (c >= ZERO && c <= NINE);
  } else throw notUsual;
  let fraction = 0;
  if (bytes[at] === DOT) {
    if (integer) throw notUsual;
    const from = ++at;
    c = bytes[at] as number;
    while (c >= ZERO && c <= NINE) {
      mantissa = mantissa * 10 + (c - ZERO);
      if (mantissa !== 0) digits++;
      c = bytes[++at] as number;
    }
    fraction = at - from;
    if (fraction === 0) throw notUsual;
  }
  c = bytes[at] as number;
  if (c === 0x65 || c === 0x45) {
    if (integer) throw notUsual;
    at++;
    if (bytes[at] === MINUS || bytes[at] === PLUS) at++;
    const from = at;
    c = bytes[at] as number;
    while (c >= ZERO && c <= NINE) c = bytes[++at] as number;
    if (at === from) throw notUsual;
    numberRead[0] = Number(ascii(bytes, first, at));
    return at;
  }
  if (digits > EXACT_DIGITS || fraction >= EXACT_POWERS.length) {
    numberRead[0] = Number(ascii(bytes, first, at));
    return at;
  }
  const magnitude = fraction ? mantissa / (EXACT_POWERS[fraction] as number) : mantissa;
  numberRead[0] = negative ? -magnitude : magnitude;
  return at;
}

function scan(bytes: Uint8Array): { modelCode: string; points: ScannedPoints } {
  let at = skipSpace(bytes, 0);
  if (bytes[at] !== OPEN_BRACE) throw notUsual;
  let modelCode: string | undefined;
  let points: ScannedPoints | undefined;
  for (;;) {
    at = skipSpace(bytes, at + 1);
    const keyEnd = plainStringEnd(bytes, at);
    const isModelCode = bytesAre(bytes, at + 1, keyEnd, MODEL_CODE_KEY);
    if (!isModelCode && !bytesAre(bytes, at + 1, keyEnd, POINTS_KEY)) throw notUsual;
    at = skipSpace(bytes, keyEnd + 1);
    if (bytes[at] !== COLON) throw notUsual;
    at = skipSpace(bytes, at + 1);
    if (isModelCode) {
      if (modelCode !== undefined) throw notUsual;
      const end = plainStringEnd(bytes, at);
      modelCode = ascii(bytes, at + 1, end);
      at = end + 1;
    } else {
      if (points !== undefined) throw notUsual;
      const scanned = scanPoints(bytes, at);
      points = scanned.points;
      at = scanned.end;
    }
    at = skipSpace(bytes, at);
    if (bytes[at] === COMMA) continue;
    if (bytes[at] !== CLOSE_BRACE) throw notUsual;
    break;
  }
  if (skipSpace(bytes, at + 1) !== bytes.length || modelCode === undefined || points === undefined)
    throw notUsual;
  return { modelCode, points };
}

/** The points array opening at `at`, and where it ends (past its closing bracket). */
function scanPoints(bytes: Uint8Array, at: number): { points: ScannedPoints; end: number } {
  if (bytes[at] !== OPEN_BRACKET) throw notUsual;
  // At most one point per 20 bytes of the body ({"tag":"","ts":0,"value":0} is 27): the columns never grow.
  const capacity = Math.min(MAX_POINTS_PER_REQUEST, Math.ceil(bytes.length / 20));
  const ts = new Float64Array(capacity);
  const values = new Float64Array(capacity);
  const tagIndex = new Int32Array(capacity);
  const tags: string[] = [];
  // The first distinct tags' bytes, to know a tag again without making its string; every tag in the map.
  const tagBytes: Uint8Array[] = [];
  const tagMap = new Map<string, number>();
  let count = 0;
  let lastTag = 0;

  /**
   * The index of the tag in bytes [start, end): compared byte by byte with the batch's first few distinct tags (the
   * previous point's first), otherwise looked up by its string, so a batch of many distinct tags costs one lookup a
   * point.
   */
  const tagOf = (start: number, end: number): number => {
    if (lastTag < tagBytes.length && bytesAre(bytes, start, end, tagBytes[lastTag] as Uint8Array))
      return lastTag;
    for (let k = 0; k < tagBytes.length; k++)
      if (bytesAre(bytes, start, end, tagBytes[k] as Uint8Array)) return k;
    const name = ascii(bytes, start, end);
    let index = tagMap.get(name);
    if (index === undefined) {
      index = tags.length;
      tags.push(name);
      tagMap.set(name, index);
      if (index < NEAR_TAGS) tagBytes.push(bytes.slice(start, end));
    }
    return index;
  };

  at = skipSpace(bytes, at + 1);
  if (bytes[at] !== CLOSE_BRACKET) {
    for (;;) {
      if (count === capacity || bytes[at] !== OPEN_BRACE) throw notUsual;
      let seen = 0;
      for (;;) {
        at = skipSpace(bytes, at + 1);
        const keyEnd = plainStringEnd(bytes, at);
        const bit = bytesAre(bytes, at + 1, keyEnd, TAG_KEY)
          ? TAG
          : bytesAre(bytes, at + 1, keyEnd, TS_KEY)
            ? TS
            : bytesAre(bytes, at + 1, keyEnd, VALUE_KEY)
              ? VALUE
              : 0;
        if (bit === 0 || seen & bit) throw notUsual;
        seen |= bit;
        at = skipSpace(bytes, keyEnd + 1);
        if (bytes[at] !== COLON) throw notUsual;
        at = skipSpace(bytes, at + 1);
        if (bit === TAG) {
          const end = plainStringEnd(bytes, at);
          lastTag = tagOf(at + 1, end);
          tagIndex[count] = lastTag;
          at = end + 1;
        } else if (bit === TS) {
          at = readNumber(bytes, at, true);
          if (!Number.isSafeInteger(numberRead[0])) throw notUsual;
          ts[count] = numberRead[0] as number;
        } else {
          at = readNumber(bytes, at, false);
          values[count] = numberRead[0] as number;
        }
        at = skipSpace(bytes, at);
        if (bytes[at] === COMMA) continue;
        if (bytes[at] !== CLOSE_BRACE) throw notUsual;
        break;
      }
      if (seen !== (TAG | TS | VALUE)) throw notUsual;
      count++;
      at = skipSpace(bytes, at + 1);
      if (bytes[at] === COMMA) {
        at = skipSpace(bytes, at + 1);
        continue;
      }
      if (bytes[at] !== CLOSE_BRACKET) throw notUsual;
      break;
    }
  }
  return {
    points: {
      tags,
      tagIndex: tagIndex.subarray(0, count),
      ts: ts.subarray(0, count),
      values: values.subarray(0, count),
    },
    end: at + 1,
  };
}

/** A batch over scanned columns, read where they lie (the JSON form: one model code for every point). */
export function scannedBatch(modelCode: string, { tags, tagIndex, ts, values }: ScannedPoints): RawBatch {
  return {
    length: ts.length,
    modelCode: () => modelCode,
    tag: (index) => tags[tagIndex[index] as number],
    ts: (index) => ts[index],
    value: (index) => values[index],
  };
}
