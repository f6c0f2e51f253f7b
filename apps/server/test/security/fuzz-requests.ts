import fc from 'fast-check';
import type { Tenant } from '../harness.ts';
import {
  asText,
  type Hints,
  type JsonSchema,
  mutatedValue,
  NASTY_STRINGS,
  nastyValue,
  orderPairs,
  validValue,
} from './fuzz-values.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document, as the fuzzer calls it. */
export interface Operation {
  method: Method;
  /** The OpenAPI path, `{name}` for each parameter. */
  path: string;
  params: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  /** The JSON body schema, when the route documents one. */
  body: JsonSchema | undefined;
  /** Content types the route documents for its body. */
  bodyTypes: string[];
  /** Machines' routes: `Authorization: Bearer <ingest key>` instead of the session cookie. */
  ingestKey: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, unknown>[];
}

/** Every operation of the document (HEAD is Fastify's copy of GET and has no entry of its own). */
export function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase() as Method,
        path,
        params: parameters.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map(({ name, schema, required }) => ({ name, schema, required: required ?? false })),
        body: content['application/json']?.schema ?? Object.values(content)[0]?.schema,
        bodyTypes: Object.keys(content),
        ingestKey: (operation.security ?? []).some((scheme) => 'ingestKey' in scheme),
      };
    }),
  );
}

/** One generated request, and who sends it. */
export interface FuzzRequest {
  who: Tenant | null;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The ingest key to present, for machines' routes: 'real', a forged one or none. */
  bearer?: 'real' | 'forged' | 'none';
  /** Leave out the CSRF header the web client always sends. */
  noCsrf?: boolean;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes a careless client sends. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        try {
          return encodeURIComponent(char);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** Path segments for a parameter that no router or handler should trust: traversal, broken escapes, length. */
const RAW_SEGMENTS: readonly string[] = [
  '..',
  '.',
  '%2E%2E',
  '%2e%2e',
  '%2E%2E%2F%2E%2E%2Fpg-password',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2E%2E%5C%2E%2E%5Cpg-password',
  '%C0%AE%C0%AE',
  '%252E%252E',
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF%FE',
  '%00',
  'a%00b',
  '%2F',
  '%20',
  '~',
  'x'.repeat(150),
  'x'.repeat(5_000),
  '00000000-0000-0000-0000-000000000000',
  'pg-password',
  'logo.png%00.jpg',
];

function paramValue(param: { name: string; schema: JsonSchema }, hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: validValue(param.schema, param.name, hints).map((value) => encode(asText(value))),
    },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 2, arbitrary: nastyValue.map((value) => encode(asText(value))) },
  );
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const each of values) parts.push(`${encode(key)}=${encode(asText(each))}`);
  }
  return parts.join('&');
}

/** Query-string text no client library would write: broken escapes, bracket keys, repeated and empty keys. */
const RAW_QUERIES: readonly string[] = [
  '%',
  '=%',
  'a=%E0%A4%A',
  '%zz=1',
  'company_id[]=1',
  'company_id[$ne]=1',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  'company_id=1&company_id=2',
  '&&&',
  '=',
  '==',
  'page=-1&perPage=1000000000',
  `q=${'x'.repeat(10_000)}`,
  'id=%00',
  'from=2026-02-30T00:00:00Z&to=2026-02-31T00:00:00Z',
];

/** A query string: the documented parameters valid, mutated, or with raw garbage after them. */
function queryArbitrary(operation: Operation, hints: Hints): fc.Arbitrary<string> {
  const model = Object.fromEntries(operation.query.map((q) => [q.name, validValue(q.schema, q.name, hints)]));
  const required = operation.query.filter((q) => q.required).map((q) => q.name);
  const valid = fc.record(model, { requiredKeys: required });
  return fc.oneof(
    { weight: 1, arbitrary: valid.map((query) => queryString(query as Record<string, unknown>)) },
    {
      weight: 4,
      arbitrary: mutatedValue(valid).map((query) =>
        query !== null && typeof query === 'object' && !Array.isArray(query)
          ? queryString(query as Record<string, unknown>)
          : `q=${encode(asText(query))}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...RAW_QUERIES))
        .map(([query, raw]) =>
          [queryString(query as Record<string, unknown>), raw].filter(Boolean).join('&'),
        ),
    },
  );
}

const CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16le',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/json, text/plain',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zzz',
  'text/csv',
  'application/octet-stream',
  '*/*',
  ';',
  `application/${'x'.repeat(2_000)}`,
];

/** Bodies that are not quite JSON, or JSON no handler expects at the top. */
const RAW_BODIES: readonly (string | Buffer)[] = [
  '',
  ' ',
  '{',
  '[',
  '}',
  'null',
  'true',
  '0',
  '-1',
  '"x"',
  '[]',
  '{}',
  '{"a":}',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1e999}',
  `{"a":${'9'.repeat(400)}}`,
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '\ufeff{}',
  '\0',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]),
  Buffer.from([0xc0, 0xae, 0x22]),
];

/** Bits of multipart that file routes get from careless or hostile clients. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa1d6c2ae0000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const FILES: readonly Buffer[] = [
  PNG,
  PNG.subarray(0, 20),
  JPEG,
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(300, 7)]),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  Buffer.from('GIF89a'),
  Buffer.alloc(0),
  Buffer.alloc(70_000, 0x41),
];
const FILE_FIELDS = ['image_file', 'recommendation_msg_file', 'file', '', 'image_file\0'] as const;
const FILE_NAMES = [
  'a.png',
  'a.jpg',
  'book.xlsx',
  '../../pg-password',
  '..',
  '',
  'x'.repeat(2_000),
  'a\0.png',
  'ภาพ.png',
];

type Shape =
  | 'whole'
  | 'truncated'
  | 'unclosed'
  | 'no-headers'
  | 'two-files'
  | 'field-only'
  | 'other-boundary';

const multipart: fc.Arbitrary<{ payload: Buffer; contentType: string }> = fc
  .record({
    boundary: fc.constantFrom('b0undary', 'x'.repeat(70), 'a b', '"quoted"'),
    field: fc.constantFrom(...FILE_FIELDS),
    filename: fc.constantFrom(...FILE_NAMES),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', ''),
    file: fc.constantFrom(...FILES),
    shape: fc.constantFrom<Shape>(
      'whole',
      'whole',
      'truncated',
      'unclosed',
      'no-headers',
      'two-files',
      'field-only',
      'other-boundary',
    ),
    header: fc.constantFrom('boundary', 'boundary', 'none', 'wrong'),
    cut: fc.nat(),
  })
  .map(({ boundary, field, filename, type, file, shape, header, cut }) => {
    const bare = boundary.replace(/^"|"$/g, '');
    const part = (name: string, fileName: string | null, bytes: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${bare}\r\nContent-Disposition: form-data; name="${name}"${fileName === null ? '' : `; filename="${fileName}"`}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${bare}--\r\n`);
    let payload: Buffer;
    switch (shape) {
      case 'truncated': {
        const whole = Buffer.concat([part(field, filename, file), end]);
        payload = whole.subarray(0, cut % Math.max(1, whole.length));
        break;
      }
      case 'unclosed':
        payload = part(field, filename, file);
        break;
      case 'no-headers':
        payload = Buffer.concat([Buffer.from(`--${bare}\r\n\r\n`), file, Buffer.from('\r\n'), end]);
        break;
      case 'two-files':
        payload = Buffer.concat([part(field, filename, file), part(field, filename, file), end]);
        break;
      case 'field-only':
        payload = Buffer.concat([part(field, null, Buffer.from('value')), end]);
        break;
      case 'other-boundary':
        payload = Buffer.from(
          Buffer.concat([part(field, filename, file), end]).map((byte) => (byte === 0x62 ? 0x63 : byte)),
        );
        break;
      default:
        payload = Buffer.concat([part(field, filename, file), end]);
    }
    const contentType =
      header === 'none'
        ? 'multipart/form-data'
        : header === 'wrong'
          ? 'multipart/form-data; boundary=nope'
          : `multipart/form-data; boundary=${boundary}`;
    return { payload: Buffer.from(payload), contentType };
  });

/** CSV measurements (modelCode,tag,ts,value) with some cells from the nasty lists. */
function csvArbitrary(hints: Hints): fc.Arbitrary<string> {
  const cell = (name: string, schema: JsonSchema) =>
    fc.oneof(
      { weight: 4, arbitrary: (hints.named(name, schema) ?? fc.string()).map(asText) },
      { weight: 1, arbitrary: nastyValue.map(asText) },
    );
  const ts = fc.oneof(
    fc.integer({ min: -3_600_000 * 48, max: 600_000 }).map((offset) => String(Date.now() + offset)),
    fc.constantFrom(...NASTY_STRINGS),
  );
  const row = fc
    .tuple(
      cell('modelCode', { type: 'string' }),
      cell('tag', { type: 'string' }),
      ts,
      cell('value', { type: 'number' }),
    )
    .map((cells) =>
      cells.map((text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)).join(','),
    );
  return fc
    .tuple(
      fc.constantFrom('modelCode,tag,ts,value', 'tag,ts,value', '', 'a;b;c'),
      fc.array(row, { maxLength: 20 }),
      fc.constantFrom('\n', '\r\n', '\r'),
    )
    .map(([header, rows, newline]) => [header, ...rows].join(newline));
}

/** Raw bytes for octet-stream routes: float32 samples, odd lengths, NaN and infinities. */
const octets: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .array(fc.float({ noDefaultInfinity: false }), { minLength: 0, maxLength: 4_096 })
    .map((samples) => Buffer.from(Float32Array.from(samples).buffer)),
  fc.uint8Array({ maxLength: 301 }).map((bytes) => Buffer.from(bytes)),
);

type Body = { payload?: string | Buffer; contentType?: string; encoding?: string };

function bodyArbitrary(operation: Operation, hints: Hints): fc.Arbitrary<Body> {
  const json = (value: unknown): Body => ({
    payload: JSON.stringify(value) ?? '',
    contentType: 'application/json',
  });
  const raw = fc
    .tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...CONTENT_TYPES), fc.boolean())
    .map(([payload, contentType, typed]): Body => (typed ? { payload, contentType } : { payload }));
  const empty = fc.constantFrom<Body>(
    {},
    { contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
  );
  const form = multipart.map(({ payload, contentType }): Body => ({ payload, contentType }));
  const tooLarge: Body = { payload: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' };
  const choices: fc.WeightedArbitrary<Body>[] = [
    { weight: 5, arbitrary: raw },
    { weight: 5, arbitrary: empty },
    { weight: 5, arbitrary: form },
  ];
  if (operation.body) {
    const valid = validValue(operation.body, 'body', hints);
    choices.push(
      { weight: 50, arbitrary: valid.map(json) },
      { weight: 50, arbitrary: mutatedValue(valid).map(json) },
      {
        weight: 10,
        arbitrary: fc.tuple(valid, fc.nat()).map(([value, cut]) => {
          const text = JSON.stringify(value) ?? '';
          return { payload: text.slice(0, cut % Math.max(1, text.length)), contentType: 'application/json' };
        }),
      },
    );
  } else {
    // Body-less writes and file uploads: mostly nothing, or files.
    choices.push({ weight: 20, arbitrary: fc.constant<Body>({}) }, { weight: 30, arbitrary: form });
  }
  if (operation.bodyTypes.includes('text/csv'))
    choices.push({
      weight: 30,
      arbitrary: csvArbitrary(hints).map((payload) => ({ payload, contentType: 'text/csv' })),
    });
  if (operation.bodyTypes.includes('application/octet-stream'))
    choices.push({
      weight: 30,
      arbitrary: octets.map((payload) => ({ payload, contentType: 'application/octet-stream' })),
    });
  if (operation.ingestKey)
    choices.push({
      weight: 5,
      arbitrary: fc.constantFrom<Body>(
        { payload: Buffer.from('not gzip at all'), contentType: 'application/json', encoding: 'gzip' },
        { payload: '{}', contentType: 'application/json', encoding: 'br' },
      ),
    });
  return fc.oneof(
    ...choices,
    // Rarely: over the body limit.
    { weight: 1, arbitrary: fc.constant(tooLarge) },
  );
}

/** Who calls: the platform administrator, the company's owner and member mostly, sometimes nobody or an outsider. */
const callers = fc.constantFrom<Tenant | null>(
  'admin',
  'admin',
  'owner',
  'owner',
  'member',
  'member',
  null,
  null,
  'supmem',
  'ownerRvs',
  'outsider',
);

/** A file a route should accept: its multipart field, its name, type and bytes. */
export interface GoodFile {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

function wholeMultipart({ field, filename, type, bytes }: GoodFile): Body {
  const boundary = 'sdp-fuzz-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A body the route documents (or, for uploads and body-less writes, a good file or nothing). */
function validBody(
  operation: Operation,
  hints: Hints,
  files: GoodFile[],
  extreme = false,
): fc.Arbitrary<Body> {
  if (operation.bodyTypes.includes('application/octet-stream'))
    return octets.map((payload) => ({ payload, contentType: 'application/octet-stream' }));
  if (operation.body) {
    const json = validValue(operation.body, 'body', hints, 0, extreme).map(
      (value): Body => ({ payload: JSON.stringify(value) ?? '', contentType: 'application/json' }),
    );
    if (!operation.bodyTypes.includes('text/csv')) return json;
    return fc.oneof(
      json,
      csvArbitrary(hints).map((payload): Body => ({ payload, contentType: 'text/csv' })),
    );
  }
  if (operation.method === 'GET' || operation.method === 'DELETE') return fc.constant<Body>({});
  return fc.oneof(fc.constant<Body>({}), fc.constantFrom(...files).map(wholeMultipart));
}

/** What one request gets wrong: nothing, or one part of it. */
type Target = 'none' | 'extreme' | 'params' | 'query' | 'body' | 'caller';

/** Headers a careless proxy or a hostile client adds: broken cookies, odd schemes, spoofed origins and addresses. */
const ODD_HEADERS: readonly Record<string, string>[] = [
  { cookie: 'sdp_session=' },
  { cookie: 'sdp_session=%ff%fe' },
  { cookie: `sdp_session=${'a'.repeat(4_000)}` },
  { cookie: 'sdp_session=a; sdp_session=b' },
  { cookie: 'sdp_session' },
  { cookie: ';;;=;' },
  { authorization: 'Bearer' },
  { authorization: 'Bearer  ' },
  { authorization: 'bearer x y z' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: `Bearer ${'k'.repeat(5_000)}` },
  { origin: 'null' },
  { origin: 'http://evil.test' },
  { 'sec-fetch-site': 'cross-site' },
  { 'x-forwarded-for': 'not an address, ::1, 999.999.999.999' },
  { 'x-forwarded-proto': 'gopher' },
  { host: '' },
  { host: 'evil.test:99999' },
  { accept: 'text/event-stream' },
  { 'accept-encoding': 'gzip;q=x, *;q=-1' },
  { 'content-encoding': 'gzip' },
  { 'content-encoding': 'deflate, br' },
  { 'transfer-encoding': 'chunked' },
  { 'x-sdp-csrf': '\u0000' },
];

/** Who calls when the caller is not what is fuzzed: those whose rights reach most handlers. */
const likelyCallers = fc.constantFrom<Tenant>('admin', 'admin', 'owner', 'owner', 'member');

/**
 * Requests for one operation: its documented shape filled from the schemas and the hints, sent as is (so that the
 * handlers run) or with one part mutated (params, query, body, or who calls and how).
 */
export function requestArbitrary(
  operation: Operation,
  hints: Hints,
  files: GoodFile[],
): fc.Arbitrary<FuzzRequest> {
  const validParams = fc.tuple(
    ...operation.params.map((param) =>
      validValue(param.schema, param.name, hints).map((value) => encode(asText(value))),
    ),
  );
  const badParams = fc.tuple(...operation.params.map((param) => paramValue(param, hints)));
  const validQuery = (extreme: boolean) =>
    fc
      .record(
        Object.fromEntries(
          operation.query.map((q) => [q.name, validValue(q.schema, q.name, hints, 0, extreme)]),
        ),
        { requiredKeys: operation.query.filter((q) => q.required).map((q) => q.name) },
      )
      .map((query) => queryString(orderPairs(query) as Record<string, unknown>));
  const writes =
    operation.body !== undefined || (operation.method !== 'GET' && operation.method !== 'DELETE');
  const badBody: fc.Arbitrary<Body> = writes
    ? bodyArbitrary(operation, hints)
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant<Body>({}) },
        { weight: 1, arbitrary: bodyArbitrary(operation, hints) },
      );
  const targets: Target[] = ['none', 'none', 'extreme', 'extreme', 'query', 'body', 'body', 'caller'];
  if (operation.params.length > 0) targets.push('params', 'params');
  return fc.constantFrom(...targets).chain((target) =>
    fc
      .record({
        target: fc.constant(target),
        who: target === 'caller' ? callers : likelyCallers,
        params: target === 'params' ? badParams : validParams,
        query: target === 'query' ? queryArbitrary(operation, hints) : validQuery(target === 'extreme'),
        body: target === 'body' ? badBody : validBody(operation, hints, files, target === 'extreme'),
        odd:
          target === 'caller' ? fc.option(fc.constantFrom(...ODD_HEADERS), { freq: 2 }) : fc.constant(null),
        bearer:
          target === 'caller'
            ? fc.constantFrom<'real' | 'forged' | 'none'>('real', 'forged', 'none')
            : fc.constant('real' as const),
        csrfOff: target === 'caller' ? fc.boolean() : fc.constant(false),
      })
      .map(
        ({ who, params: values, query, body: { payload, contentType, encoding }, bearer, csrfOff, odd }) => {
          let index = 0;
          const path = operation.path.replace(/\{[^}]+\}/g, () => values[index++] ?? '');
          const headers: Record<string, string> = { ...odd };
          if (contentType !== undefined) headers['content-type'] = contentType;
          if (encoding) headers['content-encoding'] = encoding;
          return {
            who: operation.ingestKey ? null : who,
            method: operation.method,
            url: query ? `${path}?${query}` : path,
            headers,
            ...(payload !== undefined ? { payload } : {}),
            ...(operation.ingestKey ? { bearer } : {}),
            ...(csrfOff ? { noCsrf: true } : {}),
          };
        },
      ),
  );
}

/** Requests to paths no route has: the not-found answer must be `{detail}` too, whatever the path holds. */
export const strayRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    prefix: fc.constantFrom('/api/v1/', '/api/', '/auth/', '/api/v1/files/', '/api/v1/companies/', '/'),
    segment: fc.oneof(
      fc.constantFrom(...RAW_SEGMENTS),
      nastyValue.map((value) => encode(asText(value))),
    ),
    who: callers,
  })
  .map(({ method, prefix, segment, who }) => ({
    who,
    method,
    url:
      prefix.startsWith('/api') || prefix.startsWith('/auth')
        ? `${prefix}${segment}`
        : `/api/v1/${segment}/x`,
    headers: {},
  }));
