import { describe, expect, it } from 'vitest';
import { scanMeasurementsJson, scannedBatch } from './json-scan.ts';
import { jsonBatch, type RawBatch } from './parse.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** Every point of a batch as JSON.parse's path reads it: (tag, ts, value), -0 kept apart from 0. */
function rows(batch: RawBatch) {
  return Array.from({ length: batch.length }, (_, i) => [
    batch.modelCode(i),
    batch.tag(i),
    batch.ts(i),
    Object.is(batch.value(i), -0) ? '-0' : batch.value(i),
  ]);
}

/** The scanner's reading of `text`, or null; asserted equal to JSON.parse's when it reads it. */
function scanned(text: string) {
  const result = scanMeasurementsJson(encode(text));
  if (result === null) return null;
  const parsed = JSON.parse(text) as { modelCode: string; points: unknown[] };
  expect(result.modelCode).toBe(parsed.modelCode);
  expect(rows(scannedBatch(result.modelCode, result.points))).toEqual(
    rows(jsonBatch(parsed.modelCode, parsed.points)),
  );
  return result;
}

describe('scanMeasurementsJson', () => {
  it('reads the usual body into columns exactly as JSON.parse reads it', () => {
    const result = scanned(
      '{"modelCode":"TX1","points":[{"tag":"h2","ts":1735689600000,"value":12.5},{"tag":"ch4","ts":1735689660000,"value":-3},{"tag":"h2","ts":1735689720000,"value":0.1}]}',
    );
    expect(result?.points.tags).toEqual(['h2', 'ch4']);
    expect([...(result?.points.tagIndex ?? [])]).toEqual([0, 1, 0]);
  });

  it('takes keys in any order, JSON whitespace anywhere, and an empty list', () => {
    expect(
      scanned(
        ' \n{ "points" : [ { "value" : 1.25 , "ts" : 1735689600000 , "tag" : "oil temp" } ] ,\t"modelCode" : "M 1" }\r\n',
      ),
    ).not.toBeNull();
    expect(scanned('{"modelCode":"M","points":[]}')?.points.ts.length).toBe(0);
  });

  it('gives every number the double JSON.parse gives it', () => {
    const numbers = [
      '0',
      '-0',
      '1',
      '-1',
      '0.1',
      '0.30000000000000004',
      '123456789012345',
      '1234567890123456789',
      '9007199254740993',
      '1e3',
      '1E-7',
      '-2.5e+10',
      '1.7976931348623157e308',
      '1e400',
      '-1e400',
      '5e-324',
      '0.000001',
      '123.456789012345678',
      '0.1234567890123456789012345',
      '100000000000000000000000',
      '3.14159265358979323846',
    ];
    // And many random decimals of the kind a gateway sends.
    for (let i = 0; i < 2000; i++) {
      const digits = 1 + Math.floor(Math.random() * 17);
      const value = (Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 12);
      numbers.push(value.toPrecision(digits).replace(/e\+?/, 'e'));
      numbers.push(String(value));
    }
    const body = `{"modelCode":"M","points":[${numbers.map((value, i) => `{"tag":"t","ts":${1735689600000 + i},"value":${value}}`).join(',')}]}`;
    expect(scanned(body)?.points.ts.length).toBe(numbers.length);
  });

  it('keeps many distinct tags apart', () => {
    const points = Array.from(
      { length: 500 },
      (_, i) => `{"tag":"tag-${i % 90}","ts":${1735689600000 + i},"value":${i}}`,
    );
    const result = scanned(`{"modelCode":"M","points":[${points.join(',')}]}`);
    expect(result?.points.tags.length).toBe(90);
  });

  it('leaves everything else to JSON.parse, which answers it as before', () => {
    const unusual = [
      '',
      '[]',
      'null',
      '{"modelCode":"M","points":[{"tag":"h2","ts":"2025-01-01T00:00:00Z","value":1}]}', // a timestamp as text
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":"1.5"}]}', // a value as text
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000.5,"value":1}]}', // a fractional timestamp
      '{"modelCode":"M","points":[{"tag":"h2","ts":1e12,"value":1}]}', // a timestamp with an exponent
      '{"modelCode":"M","points":[{"tag":"h2","ts":12345678901234567,"value":1}]}', // beyond a safe integer
      '{"modelCode":"M","points":[{"tag":"h\\u0032","ts":1735689600000,"value":1}]}', // an escape
      '{"modelCode":"M","points":[{"tag":"ไทย","ts":1735689600000,"value":1}]}', // beyond ASCII
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000}]}', // no value
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":1,"value":2}]}', // a repeated key
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":1,"unit":"ppm"}]}', // another key
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":null}]}',
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":true}]}',
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":01}]}', // not JSON
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":1.}]}', // not JSON
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":1},]}', // not JSON
      '{"modelCode":"M","points":[]} x', // trailing text
      '{"modelCode":"M","points":[],"modelCode":"N"}', // a repeated key
      '{"modelCode":"M","points":[],"extra":1}',
      '{"modelCode":5,"points":[]}',
      '{"points":[]}',
      '\uFEFF{"modelCode":"M","points":[]}', // a byte order mark
      '{"modelCode":"M","points":[{"tag":"h2","ts":1735689600000,"value":1}]', // cut short
    ];
    for (const text of unusual) expect(scanMeasurementsJson(encode(text)), text).toBeNull();
  });

  it('refuses more points than a request may carry, so JSON.parse answers 413 as before', () => {
    const point = '{"tag":"a","ts":1,"value":1}';
    const body = `{"modelCode":"M","points":[${Array.from({ length: 100_001 }, () => point).join(',')}]}`;
    expect(scanMeasurementsJson(encode(body))).toBeNull();
  });
});
