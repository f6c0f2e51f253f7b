import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes it from our zod schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Where real values come from, so that generated requests get past the lookups and reach the handlers. */
export interface Hints {
  /** A uuid for a field or parameter (its name, and the URL it is in): real ids of the seeded world, mostly. */
  uuid(name: string): fc.Arbitrary<string>;
  /** Real values for a field known by name (model codes, e-mails, tags, measurement points), or undefined. */
  named(name: string, schema: JsonSchema): fc.Arbitrary<unknown> | undefined;
}

const day = 86_400_000;
/** Dates around now: the seeded data and the ingest window live there. */
const recent = fc
  .integer({ min: -400, max: 30 })
  .chain((days) => fc.integer({ min: 0, max: day - 1 }).map((ms) => new Date(Date.now() + days * day + ms)));

/** Values every schema should refuse or survive: wrong types, edge numbers, hostile strings. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\u0000\u0001\u001f',
  '..',
  '../../../../etc/passwd',
  '..%2F..%2Fpg-password',
  '%2E%2E',
  '%00',
  '%',
  '\\',
  '/',
  '\u202eevil\u202c',
  '\ud800',
  '\udfff\ud800',
  'Ω≈ç√∫˜µ≤≥÷',
  'ภาษาไทย',
  '😀'.repeat(300),
  'e\u0301'.repeat(500),
  'x'.repeat(1_000),
  'x'.repeat(70_000),
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  `\${7*7}{{7*7}}`,
  '2026-02-30',
  '2026-02-29',
  '2025-13-01',
  '0000-00-00',
  '2026-02-30T00:00:00Z',
  '2026-04-31T12:00:00.000Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T23:59:60Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1970-01-01',
  '0001-01-01T00:00:00Z',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '1e309',
  '0x10',
  '9007199254740993',
  '99999999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-0000000000000',
  '0000000-0000-0000-0000-000000000000',
  '{00000000-0000-0000-0000-000000000000}',
  'not-a-uuid',
  'a@b',
  '@',
  'mailto:x@y.z',
];

export const NASTY_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  0.5,
  -0.000001,
  1e-320,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
];

const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  1,
  '',
  'x',
  [],
  {},
  [null],
  { a: 1 },
  [[[[]]]],
];

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function stringArbitrary(schema: JsonSchema, name: string, hints: Hints): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return hints.uuid(name);
  switch (schema.format) {
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom('owner@acme.test', 'member@acme.test'));
    case 'date':
      return recent.map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return recent.map((date) => date.toISOString());
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((text) => text.length <= (schema.maxLength ?? 10_000));
    } catch {
      // A pattern JavaScript cannot compile: any string then.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  // Ranges as wide as zod's safe integers are narrowed: the handlers care about ordinary sizes, mutations do the rest.
  const min = Math.max(schema.minimum ?? exclusiveMin ?? -1_000, -1_000_000);
  const max = Math.min(schema.maximum ?? exclusiveMax ?? 1_000_000, 1_000_000);
  if (integer) {
    const low = Math.ceil(exclusiveMin !== undefined && min === exclusiveMin ? min + 1 : min);
    const high = Math.floor(exclusiveMax !== undefined && max === exclusiveMax ? max - 1 : max);
    return fc.integer({ min: low, max: Math.max(low, high) });
  }
  const double = fc.double({
    min,
    max,
    minExcluded: exclusiveMin !== undefined && min === exclusiveMin,
    maxExcluded: exclusiveMax !== undefined && max === exclusiveMax,
    noNaN: true,
    noDefaultInfinity: true,
  });
  // Mostly the round numbers people send (fc.double favours extremes like 1e-300); mutations bring the rest.
  const low = Math.ceil(exclusiveMin !== undefined && min === exclusiveMin ? min + 1 : min);
  const high = Math.floor(exclusiveMax !== undefined && max === exclusiveMax ? max - 1 : max);
  return low <= high
    ? fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: low, max: high }) },
        { weight: 1, arbitrary: double },
      )
    : double;
}

/** Values the schema accepts (as far as its keywords tell), with real ids and names where the hints have them. */
/** Values at the edges of what a schema accepts: longest strings, extreme dates and numbers, fullest arrays. */
function extremeLeaf(schema: JsonSchema, type: string | undefined): fc.Arbitrary<unknown> | undefined {
  if (type === 'string' && !schema.pattern) {
    if (schema.format === 'date')
      return fc.constantFrom('0001-01-01', '9999-12-31', '1970-01-01', '2024-02-29');
    if (schema.format === 'date-time')
      return fc.constantFrom(
        '0001-01-01T00:00:00Z',
        '9999-12-31T23:59:59.999Z',
        '1970-01-01T00:00:00+14:00',
        '2024-02-29T12:00:00.123456789-12:00',
      );
    if (schema.format) return undefined;
    const max = Math.min(schema.maxLength ?? 5_000, 50_000);
    const min = schema.minLength ?? 0;
    return fc.constantFrom(
      'x'.repeat(max),
      '€'.repeat(max),
      '😀'.repeat(Math.floor(max / 2)),
      ' '.repeat(Math.max(min, 1)),
      'ก'.repeat(min),
      '\t\n\r'.repeat(Math.ceil(Math.max(min, 1) / 3)),
    );
  }
  if (type === 'integer' || type === 'number') {
    const edges = [schema.minimum, schema.maximum, 0, 1, -1].filter(
      (value): value is number =>
        value !== undefined &&
        (schema.minimum === undefined || value >= schema.minimum) &&
        (schema.maximum === undefined || value <= schema.maximum) &&
        (typeof schema.exclusiveMinimum !== 'number' || value > schema.exclusiveMinimum),
    );
    if (type === 'number' && typeof schema.exclusiveMinimum === 'number')
      edges.push(schema.exclusiveMinimum + Number.EPSILON, schema.exclusiveMinimum + 5e-324);
    return edges.length > 0 ? fc.constantFrom(...edges) : undefined;
  }
  return undefined;
}

export function validValue(
  schema: JsonSchema,
  name: string,
  hints: Hints,
  depth = 0,
  extreme = false,
): fc.Arbitrary<unknown> {
  const typical = typicalValue(schema, name, hints, depth, extreme);
  const types = typesOf(schema);
  const edge = extreme && types.length === 1 && !schema.enum ? extremeLeaf(schema, types[0]) : undefined;
  if (extreme && types[0] === 'array' && schema.items)
    return fc.oneof(
      typical,
      fc.array(validValue(schema.items, name, hints, depth + 1, extreme), {
        minLength: Math.min(schema.maxItems ?? 200, 200),
        maxLength: Math.min(schema.maxItems ?? 200, 200),
      }),
    );
  return edge ? fc.oneof(typical, edge) : typical;
}

function typicalValue(
  schema: JsonSchema,
  name: string,
  hints: Hints,
  depth: number,
  extreme: boolean,
): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const known = schema.format === 'uuid' ? undefined : hints.named(name, schema);
  if (known) return known;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((each) => validValue(each, name, hints, depth + 1, extreme)));
  if (schema.allOf?.length) return validValue(schema.allOf[0] as JsonSchema, name, hints, depth + 1, extreme);
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => validValue({ ...schema, type }, name, hints, depth + 1, extreme)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, name, hints);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name, hints, depth + 1, extreme), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [
          key,
          validValue(child, key, hints, depth + 1, extreme),
        ]),
      );
      const required = (schema.required ?? []).filter((key) => key in properties);
      // Only the required fields half of the time: optional sections often belong to one variant only (a model
      // type, a role), and a body with all of them is refused before it reaches the handler.
      return fc
        .oneof(
          fc.record(model, { requiredKeys: required }),
          fc.record(Object.fromEntries(required.map((key) => [key, model[key] as fc.Arbitrary<unknown>]))),
        )
        .map(orderPairs);
    }
    default:
      // No type: anything JSON.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value no schema is ready for: a hostile string, an edge number or a value of the wrong type. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Fields that come in pairs whose first must not be above the second: a generated valid value orders them. */
const PAIRS: readonly [string, string][] = [
  ['from', 'to'],
  ['start_date', 'end_date'],
  ['startDate', 'endDate'],
  ['persistence_from', 'persistence_to'],
  ['low', 'high'],
];

/** Puts each pair of an object (PAIRS) in order, so that valid values pass the routes' cross-field refinements. */
export function orderPairs<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  for (const [first, second] of PAIRS) {
    const [a, b] = [record[first], record[second]];
    if (a !== undefined && b !== undefined && typeof a === typeof b && (a as number) > (b as number)) {
      record[first] = b;
      record[second] = a;
    }
  }
  return value;
}

/** A value as text in a URL or a CSV cell: objects as JSON (String() fails on objects without a prototype). */
export const asText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

type Mutation = 'replace' | 'remove' | 'extra' | 'wrap';

/** Every place in a JSON value a mutation can hit: the root, each property, each element. */
function places(value: unknown, path: (string | number)[] = [], into: (string | number)[][] = []) {
  into.push(path);
  if (Array.isArray(value)) for (const [index, item] of value.entries()) places(item, [...path, index], into);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) places(child, [...path, key], into);
  return into;
}

function mutateAt(
  value: unknown,
  path: (string | number)[],
  mutation: Mutation,
  nasty: unknown,
  extraKey: string,
) {
  if (path.length === 0) {
    if (mutation === 'wrap') return [value];
    if (mutation === 'extra' && value !== null && typeof value === 'object' && !Array.isArray(value))
      return { ...value, [extraKey]: nasty };
    return nasty;
  }
  const copy: unknown = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  switch (mutation) {
    case 'remove':
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
      break;
    case 'extra':
      // defineProperty: `__proto__` must become a key of the JSON, not the object's prototype.
      if (!Array.isArray(parent))
        Object.defineProperty(parent, extraKey, {
          value: nasty,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else parent.push(nasty);
      break;
    case 'wrap':
      parent[last] = [parent[last]];
      break;
    default:
      parent[last] = nasty;
  }
  return copy;
}

/** A valid value with one to three mutations: a field replaced, removed, wrapped in an array or added. */
export function mutatedValue(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const step = fc.tuple(
    fc.nat(),
    fc.constantFrom<Mutation>('replace', 'replace', 'remove', 'extra', 'wrap'),
    nastyValue,
    fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'company_id', 'x'.repeat(300), '', '\0'),
  );
  return fc.tuple(valid, fc.array(step, { minLength: 1, maxLength: 3 })).map(([start, steps]) =>
    steps.reduce((value, [pick, mutation, nasty, extraKey]) => {
      const all = places(value);
      return mutateAt(value, all[pick % all.length] as (string | number)[], mutation, nasty, extraKey);
    }, start),
  );
}
