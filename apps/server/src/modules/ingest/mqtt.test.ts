import { randomBytes } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  createTestDatabase,
  seedTenants,
  type TestContext,
} from '../../../test/harness.ts';
import { testBrokerUrl } from '../../../test/mqtt-broker.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { createAdmission } from './admission.ts';
import {
  brokerWarnings,
  defaultShareGroup,
  type MqttSettings,
  packetSizeScanner,
  startMqttIngest,
} from './mqtt.ts';

/** Against a real broker: MQTT_TEST_URL or the machine's Mosquitto at 127.0.0.1:1883 (none: skipped, not on CI). */
const BROKER = await testBrokerUrl();
/** This run's own topics and group: another SDP instance or test run on the broker takes none of its messages. */
const PREFIX = `sdp-t${randomBytes(4).toString('hex')}`;
const LIMIT = 64 * 1024;

let ctx: TestContext;
let key: string;
let otherKey: string;
let model: { id: string; code: string };
let subscriber: ReturnType<typeof startMqttIngest>;
let publisher: mqtt.MqttClient;
const acks: Record<string, unknown>[] = [];
const logged: string[] = [];

const settings = (url: string): MqttSettings => ({
  url,
  username: null,
  password: null,
  caFile: null,
  topicPrefix: PREFIX,
  shareGroup: PREFIX,
  maxMessageBytes: LIMIT,
  brokerAuth: false,
});

beforeAll(async () => {
  ctx = await createTestContext();
  const tenants = await seedTenants(ctx.db);
  model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'MQ1'), 1);
  key = await createIngestKey(ctx.app, tenants.companyId);
  otherKey = await createIngestKey(ctx.app, tenants.otherCompanyId, 'outsider@other.test');
  if (!BROKER) return;
  subscriber = startMqttIngest({
    ...settings(BROKER),
    service: ctx.services.ingest,
    keys: ctx.services.ingestKeys,
    companyCode: ctx.services.companyCode,
    companyId: ctx.services.companyId,
    // One message at a time: a message is stored (or refused) before the next one is read, so the order is known.
    admission: createAdmission({ active: 1, waiting: 32, waitMs: 10_000 }),
    log: (message) => logged.push(message),
  });
  await new Promise<void>((resolve, reject) => {
    subscriber.client.once('connect', () => setTimeout(resolve, 300));
    subscriber.client.once('error', reject);
  });
  publisher = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  await publisher.subscribeAsync(`${PREFIX}/ACME/${model.code}/ack`, { qos: 1 });
  publisher.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
});

afterAll(async () => {
  await publisher?.endAsync();
  await subscriber?.stop();
  await ctx?.close();
});

const stored = async () =>
  (
    await ctx.db
      .selectFrom('measurements as m')
      .innerJoin('series as s', 's.id', 'm.series_id')
      .select(['s.tag', 'm.value'])
      .where('s.model_id', '=', model.id)
      .orderBy('m.ts')
      .execute()
  ).map((row) => [row.tag, row.value]);

describe.skipIf(!BROKER)('MQTT ingestion', () => {
  it('stores measurements published with the key as an MQTT 5 user property, and acknowledges them', async () => {
    await publisher.publishAsync(
      `${PREFIX}/ACME/${model.code}/measurements`,
      JSON.stringify({ points: [{ tag: 'h2', ts: '2026-11-21T00:00:00Z', value: 42 }] }),
      { qos: 1, properties: { userProperties: { authorization: `Bearer ${key}` } } },
    );
    await expect.poll(stored, { timeout: 20_000 }).toEqual([['h2', 42]]);
    await expect
      .poll(() => acks.at(-1), { timeout: 20_000 })
      .toMatchObject({ ok: true, kind: 'measurements', accepted: 1 });
  });

  it('takes the key in the payload too, and ignores a repeated message', async () => {
    const message = JSON.stringify({ key, points: [{ tag: 'h2', ts: '2026-11-21T00:01:00Z', value: 43 }] });
    await publisher.publishAsync(`${PREFIX}/ACME/${model.code}/measurements`, message, { qos: 1 });
    await publisher.publishAsync(`${PREFIX}/ACME/${model.code}/measurements`, message, { qos: 1 });
    await expect.poll(() => acks.filter((ack) => ack.duplicates === 1).length, { timeout: 20_000 }).toBe(1);
    expect(await stored()).toEqual([
      ['h2', 42],
      ['h2', 43],
    ]);
  });

  it('refuses a wrong key, a key of another company and a message without a key, storing nothing', async () => {
    const before = acks.length;
    for (const body of [
      { key: 'sdp_bad', points: [{ tag: 'h2', ts: 0, value: 1 }] },
      { key: otherKey, points: [{ tag: 'h2', ts: 0, value: 1 }] },
      { points: [{ tag: 'h2', ts: 0, value: 1 }] },
    ])
      await publisher.publishAsync(`${PREFIX}/ACME/${model.code}/measurements`, JSON.stringify(body), {
        qos: 1,
      });
    await expect
      .poll(
        () =>
          // Refusals only: the ack of an earlier test's stored message may still land in between.
          acks
            .slice(before)
            .filter((ack) => ack.ok === false)
            .map((ack) => ack.status)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual([401, 401, 403]);
    expect(acks.slice(before).map((ack) => ack.detail)).toContain('A valid ingest key is required.');
    expect(await stored()).toHaveLength(2);
  });

  it('reads the Bearer scheme in any case, as the HTTP routes do', async () => {
    await publisher.publishAsync(
      `${PREFIX}/ACME/${model.code}/measurements`,
      JSON.stringify({ points: [{ tag: 'h2', ts: '2026-11-20T00:00:00Z', value: 41 }] }),
      { qos: 1, properties: { userProperties: { authorization: `bEaReR ${key}` } } },
    );
    await expect.poll(stored, { timeout: 20_000 }).toContainEqual(['h2', 41]);
  });

  it('never stores a message over MQTT_MAX_MESSAGE_BYTES, and keeps ingesting the next one', async () => {
    // A valid batch of 2,000 points (about 110 KB): it would be stored if it were let through.
    const points = Array.from({ length: 2_000 }, (_, i) => ({
      tag: 'ch4',
      ts: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 1000).toISOString(),
      value: 1000 + i,
    }));
    const big = JSON.stringify({ key, points });
    expect(big.length).toBeGreaterThan(LIMIT);
    await publisher.publishAsync(`${PREFIX}/ACME/${model.code}/measurements`, big, { qos: 1 });
    await publisher.publishAsync(
      `${PREFIX}/ACME/${model.code}/measurements`,
      JSON.stringify({ key, points: [{ tag: 'h2', ts: '2026-11-21T00:02:00Z', value: 44 }] }),
      { qos: 1 },
    );
    // Messages are handled one at a time, in order: once the small one is stored, the big one was not.
    await expect.poll(stored, { timeout: 20_000 }).toContainEqual(['h2', 44]);
    expect((await stored()).filter(([tag]) => tag === 'ch4')).toEqual([]);
    expect(acks.filter((ack) => ack.accepted === 2_000)).toEqual([]);
    expect(subscriber.client.connected).toBe(true);
  });

  it('stores a waveform sent in g as m/s², and refuses an unknown unit naming the accepted ones', async () => {
    const samples = Array.from({ length: 64 }, (_, i) => Math.fround(Math.sin(i / 4)));
    const waveform = (unit: string, channel: string) =>
      publisher.publishAsync(
        `${PREFIX}/ACME/${model.code}/waveforms`,
        JSON.stringify({
          key,
          sensor: 'V1',
          kind: 'vibration',
          channel,
          sampleRate: 1000,
          capturedAt: '2026-11-21T00:03:00Z',
          unit,
          fileName: `V1_${channel}.json`,
          samples,
        }),
        { qos: 1 },
      );
    const before = acks.length;
    await waveform('furlong/s', 'y');
    await waveform('g', 'x');
    // Only this test's waveform acks count: a late ack of an earlier test's measurements may land in between.
    const waveformAcks = () => acks.slice(before).filter((ack) => ack.kind === 'waveforms');
    await expect
      .poll(() => [...new Set(waveformAcks().map((ack) => ack.ok))].sort(), { timeout: 20_000 })
      .toEqual([false, true]);
    expect(waveformAcks().find((ack) => ack.ok === false)).toMatchObject({
      ok: false,
      kind: 'waveforms',
      status: 400,
      detail:
        "unit: 'furlong/s' is not accepted for a vibration waveform; send one of g, m/s2, m/s², mm/s, in/s, um, µm.",
    });
    const rows = await ctx.db
      .selectFrom('waveforms')
      .select(['channel', 'unit', 'samples'])
      .where('model_id', '=', model.id)
      .where('sensor', '=', 'V1')
      .execute();
    expect(rows.map((row) => [row.channel, row.unit])).toEqual([['x', 'm/s²']]);
    const stored = new Float32Array(new Uint8Array(rows[0]?.samples as Buffer).buffer);
    expect(stored[10]).toBeCloseTo((samples[10] as number) * 9.80665, 5);
  });
});

describe('a broker that sends a packet over the limit anyway', () => {
  it('is disconnected before the packet is buffered, and the client connects again', async () => {
    // A hostile broker on a real socket: it accepts the connection, then announces a 250 MB PUBLISH and streams it.
    const connections: Socket[] = [];
    let streamed = 0;
    let closedAfter = -1;
    const broker = createServer((socket) => {
      connections.push(socket);
      socket.on('error', () => undefined);
      socket.once('data', () => {
        socket.write(Buffer.from([0x20, 0x03, 0x00, 0x00, 0x00])); // CONNACK v5, success, no properties
        if (connections.length > 1) return;
        const size = 250 * 1024 * 1024;
        const header = [0x30];
        for (let rest = size; ; ) {
          const byte = rest % 128;
          rest = Math.floor(rest / 128);
          header.push(rest > 0 ? byte | 0x80 : byte);
          if (rest === 0) break;
        }
        socket.write(Buffer.from([...header, 0x00, 0x01, 0x74, 0x00]));
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const pump = () => {
          while (!socket.destroyed && streamed < size) {
            streamed += chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        socket.on('close', () => {
          closedAfter = streamed;
        });
        pump();
      });
    });
    await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
    const { port } = broker.address() as { port: number };
    const messages: string[] = [];
    const client = startMqttIngest({
      ...settings(`mqtt://127.0.0.1:${port}`),
      service: ctx.services.ingest,
      keys: ctx.services.ingestKeys,
      companyCode: ctx.services.companyCode,
      companyId: ctx.services.companyId,
      admission: ctx.services.ingestAdmission,
      log: (message) => messages.push(message),
    });
    try {
      await expect.poll(() => connections.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      expect(closedAfter).toBeGreaterThanOrEqual(0);
      // Whatever the socket buffers held, nothing near the announced 250 MB was ever sent.
      expect(closedAfter).toBeLessThan(32 * 1024 * 1024);
      expect(messages).toContain('MQTT packet over MQTT_MAX_MESSAGE_BYTES refused; reconnecting');
    } finally {
      client.client.end(true);
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    }
  });
});

describe('packetSizeScanner', () => {
  const publish = (bodyLength: number) => {
    const length: number[] = [];
    for (let rest = bodyLength; ; ) {
      const byte = rest % 128;
      rest = Math.floor(rest / 128);
      length.push(rest > 0 ? byte | 0x80 : byte);
      if (rest === 0) break;
    }
    return Buffer.concat([Buffer.from([0x30, ...length]), Buffer.alloc(bodyLength, 0x62)]);
  };

  it('lets packets up to the limit through, whatever the chunks', () => {
    const bytes = Buffer.concat([publish(0), publish(100), publish(1000 - 3), publish(200)]);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const scan = packetSizeScanner(1000);
      const answers: (number | null)[] = [];
      for (let at = 0; at < bytes.length; at += size) answers.push(scan(bytes.subarray(at, at + size)));
      expect(answers.every((answer) => answer === null)).toBe(true);
    }
  });

  it('answers the announced size of a larger packet from its header alone, even split over chunks', () => {
    const header = publish(2000).subarray(0, 3);
    const scan = packetSizeScanner(1000);
    expect(scan(publish(10))).toBeNull();
    expect(scan(header.subarray(0, 2))).toBeNull();
    expect(scan(header.subarray(2))).toBe(2003);
  });

  it('refuses a malformed length of more than four bytes', () => {
    expect(packetSizeScanner(1000)(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});

describe('defaultShareGroup', () => {
  it('is the same for every instance on one database, and differs for another installation or password', async () => {
    const group = await defaultShareGroup(ctx.database.pool, 'secret');
    expect(group).toMatch(/^sdp-[0-9a-f]{16}$/);
    const other = await ctx.anotherInstance();
    try {
      expect(await defaultShareGroup(other.database.pool, 'secret')).toBe(group);
    } finally {
      await other.close();
    }
    expect(await defaultShareGroup(ctx.database.pool, 'another secret')).not.toBe(group);
    const staging = await createTestDatabase();
    const pool = new pg.Pool({ connectionString: staging.url, max: 1 });
    try {
      expect(await defaultShareGroup(pool, 'secret')).not.toBe(group);
    } finally {
      await pool.end();
      await staging.drop();
    }
  });
});

describe('brokerWarnings', () => {
  it('warns of a broker used without an account or without TLS, not of a secured one', () => {
    expect(brokerWarnings({ url: 'mqtt://127.0.0.1:1883', username: null })).toHaveLength(1);
    expect(brokerWarnings({ url: 'mqtt://broker.plant:1883', username: 'sdp-server' })).toEqual([
      'Warning: MQTT broker broker.plant:1883 is reached without TLS: use mqtts:// (and MQTT_CA_FILE).',
    ]);
    expect(brokerWarnings({ url: 'mqtts://sdp:secret@broker.plant:8883', username: null })).toEqual([]);
  });
});
