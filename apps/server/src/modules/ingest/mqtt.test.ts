import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, seedTenants, type TestContext } from '../../../test/harness.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { startMqttIngest } from './mqtt.ts';

/** Against the Mosquitto broker of this machine (MQTT_TEST_URL, default mqtt://127.0.0.1:1883). */
const BROKER = process.env.MQTT_TEST_URL ?? 'mqtt://127.0.0.1:1883';

let ctx: TestContext;
let key: string;
let otherKey: string;
let model: { id: string; code: string };
let subscriber: ReturnType<typeof startMqttIngest>;
let publisher: mqtt.MqttClient;
const acks: Record<string, unknown>[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const tenants = await seedTenants(ctx.db);
  model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'MQ1'), 1);
  key = await createIngestKey(ctx.app, tenants.companyId);
  otherKey = await createIngestKey(ctx.app, tenants.otherCompanyId, 'outsider@other.test');
  subscriber = startMqttIngest({
    url: BROKER,
    service: ctx.services.ingest,
    keys: ctx.services.ingestKeys,
    companyCode: ctx.services.companyCode,
    admission: ctx.services.ingestAdmission,
    log: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    subscriber.client.once('connect', () => setTimeout(resolve, 300));
    subscriber.client.once('error', reject);
  });
  publisher = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  await publisher.subscribeAsync(`sdp/ACME/${model.code}/ack`, { qos: 1 });
  publisher.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
});

afterAll(async () => {
  await publisher?.endAsync();
  await subscriber?.stop();
  await ctx.close();
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

describe('MQTT ingestion', () => {
  it('stores measurements published with the key as an MQTT 5 user property, and acknowledges them', async () => {
    await publisher.publishAsync(
      `sdp/ACME/${model.code}/measurements`,
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
    await publisher.publishAsync(`sdp/ACME/${model.code}/measurements`, message, { qos: 1 });
    await publisher.publishAsync(`sdp/ACME/${model.code}/measurements`, message, { qos: 1 });
    await expect.poll(() => acks.filter((ack) => ack.duplicates === 1).length, { timeout: 20_000 }).toBe(1);
    expect(await stored()).toEqual([
      ['h2', 42],
      ['h2', 43],
    ]);
  });

  it('refuses a wrong key and a key of another company, storing nothing', async () => {
    const before = acks.length;
    await publisher.publishAsync(
      `sdp/ACME/${model.code}/measurements`,
      JSON.stringify({ key: 'sdp_bad', points: [{ tag: 'h2', ts: 0, value: 1 }] }),
      { qos: 1 },
    );
    await publisher.publishAsync(
      `sdp/ACME/${model.code}/measurements`,
      JSON.stringify({ key: otherKey, points: [{ tag: 'h2', ts: 0, value: 1 }] }),
      { qos: 1 },
    );
    // Handled concurrently: the order of the two answers is not guaranteed.
    await expect
      .poll(
        () =>
          acks
            .slice(before)
            .map((ack) => ack.status)
            .sort(),
        { timeout: 20_000 },
      )
      .toEqual([401, 403]);
    expect(await stored()).toHaveLength(2);
  });

  it('reads the Bearer scheme in any case, as the HTTP routes do', async () => {
    await publisher.publishAsync(
      `sdp/ACME/${model.code}/measurements`,
      JSON.stringify({ points: [{ tag: 'h2', ts: '2026-11-20T00:00:00Z', value: 41 }] }),
      { qos: 1, properties: { userProperties: { authorization: `bEaReR ${key}` } } },
    );
    await expect.poll(stored, { timeout: 20_000 }).toContainEqual(['h2', 41]);
  });
});
