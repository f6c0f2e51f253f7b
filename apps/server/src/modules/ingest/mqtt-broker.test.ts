import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, seedTenants, signIn, type TestContext } from '../../../test/harness.ts';
import { mosquittoAvailable } from '../../../test/mqtt-broker.ts';
import { freePort } from '../../../test/net.ts';
import { createIngestKey, createModel, seedEquipment } from '../../../test/plant.ts';
import { createAdmission } from './admission.ts';
import { createBrokerFiles } from './broker-accounts.ts';
import { startMqttIngest } from './mqtt.ts';

/**
 * The secure deployment of docs/security.md ("Running the MQTT broker securely"), against a real Mosquitto started
 * here on a free loopback port: TLS only, no anonymous clients, the password and ACL files written by the server from
 * the live ingest keys (username = key id, password = the key), the server's own account the only reader of the
 * ingest topics.
 */
/** Needs the mosquitto binary and openssl: skipped (with a message) without them, except on CI. */
const AVAILABLE = mosquittoAvailable();
const PREFIX = `sdp-s${randomBytes(4).toString('hex')}`;
/** As the default group does, the test's is as hard to guess as a password (acl_file does not check subscriptions). */
const GROUP = `sdp-${randomBytes(8).toString('hex')}`;
const SERVER = { username: 'sdp-server', password: randomBytes(18).toString('base64url') };

let ctx: TestContext;
let dir: string;
let broker: ChildProcess;
let url: string;
let ca: Buffer;
let brokerFiles: ReturnType<typeof createBrokerFiles>;
let ingest: ReturnType<typeof startMqttIngest>;
const clients: mqtt.MqttClient[] = [];
const A = { id: '', key: '', model: { id: '', code: '' } };
const B = { id: '', key: '', model: { id: '', code: '' } };
const revoked = { id: '', key: '' };

/** Waits (up to 10 s) until something listens on the port. */
async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`mosquitto did not listen on port ${port}`);
}

const keyId = async (key: string) =>
  (
    await ctx.db
      .selectFrom('ingest_keys')
      .select('id')
      .where('prefix', '=', key.split('_')[1] as string)
      .executeTakeFirstOrThrow()
  ).id;

/** A gateway's client: its key's id and the key as the broker account, trusting the test CA. */
async function gateway(account: { id: string; key: string } | null, options: mqtt.IClientOptions = {}) {
  const client = await mqtt.connectAsync(url, {
    protocolVersion: 5,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
    ca,
    ...(account ? { username: account.id, password: account.key } : {}),
    ...options,
  });
  clients.push(client);
  return client;
}

const stored = async (modelId: string) =>
  (
    await ctx.db
      .selectFrom('measurements as m')
      .innerJoin('series as s', 's.id', 'm.series_id')
      .select(['s.tag', 'm.value'])
      .where('s.model_id', '=', modelId)
      .orderBy('m.ts')
      .execute()
  ).map((row) => [row.tag, row.value]);

beforeAll(async () => {
  if (!AVAILABLE) return;
  ctx = await createTestContext();
  const tenants = await seedTenants(ctx.db);
  A.model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.companyId, 'MA1'), 1);
  B.model = await createModel(ctx.app, await seedEquipment(ctx.db, tenants.otherCompanyId, 'MB1'), 1);
  A.key = await createIngestKey(ctx.app, tenants.companyId);
  A.id = await keyId(A.key);
  B.key = await createIngestKey(ctx.app, tenants.otherCompanyId, 'outsider@other.test');
  B.id = await keyId(B.key);
  revoked.key = await createIngestKey(ctx.app, tenants.companyId);
  revoked.id = await keyId(revoked.key);
  const gone = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/companies/${tenants.companyId}/ingest-keys/${revoked.id}`,
    headers: { cookie: await signIn(ctx.app, 'owner@acme.test'), ...CSRF },
  });
  expect(gone.statusCode).toBe(204);

  dir = await mkdtemp(path.join(os.tmpdir(), 'sdp-broker-'));
  // A CA and the broker's certificate for 127.0.0.1, signed by it.
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=SDP test CA',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'broker.key',
    '-out',
    'broker.csr',
  );
  await writeFile(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'broker.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'san.ext',
    '-out',
    'broker.crt',
  );
  ca = await readFile(path.join(dir, 'ca.crt'));

  brokerFiles = createBrokerFiles({
    dir,
    topicPrefix: PREFIX,
    server: SERVER,
    accounts: () => ctx.services.ingestKeys.brokerAccounts(),
  });
  expect(await brokerFiles.sync()).toBe(true);
  expect(await brokerFiles.sync()).toBe(false);

  const port = await freePort();
  url = `mqtts://127.0.0.1:${port}`;
  await writeFile(
    path.join(dir, 'mosquitto.conf'),
    [
      `user ${os.userInfo().username}`,
      'persistence false',
      'log_dest stderr',
      'per_listener_settings false',
      'allow_anonymous false',
      `password_file ${brokerFiles.passwordFile}`,
      `acl_file ${brokerFiles.aclFile}`,
      'max_packet_size 33554432',
      `listener ${port} 127.0.0.1`,
      `cafile ${path.join(dir, 'ca.crt')}`,
      `certfile ${path.join(dir, 'broker.crt')}`,
      `keyfile ${path.join(dir, 'broker.key')}`,
      '',
    ].join('\n'),
  );
  broker = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await waitForPort(port);

  ingest = startMqttIngest({
    url,
    username: SERVER.username,
    password: SERVER.password,
    caFile: path.join(dir, 'ca.crt'),
    topicPrefix: PREFIX,
    shareGroup: GROUP,
    maxMessageBytes: 32 * 1024 * 1024,
    brokerAuth: true,
    service: ctx.services.ingest,
    keys: ctx.services.ingestKeys,
    companyCode: ctx.services.companyCode,
    companyId: ctx.services.companyId,
    // One message at a time, in order: once a later message is stored, an earlier one was stored or refused.
    admission: createAdmission({ active: 1, waiting: 32, waitMs: 10_000 }),
    log: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    ingest.client.once('connect', () => setTimeout(resolve, 300));
    ingest.client.once('error', reject);
  });
});

afterAll(async () => {
  if (!AVAILABLE) return;
  for (const client of clients) await client.endAsync(true).catch(() => undefined);
  await ingest?.stop();
  broker?.kill();
  await ctx.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const points = (value: number) =>
  JSON.stringify({
    points: [{ tag: 'h2', ts: new Date(Date.UTC(2026, 10, 20, 0, value)).toISOString(), value }],
  });

describe.skipIf(!AVAILABLE)('the MQTT broker run securely', () => {
  it('refuses anonymous clients, wrong passwords and revoked keys', async () => {
    await expect(gateway(null)).rejects.toThrow(/Not authorized/);
    await expect(gateway({ id: A.id, key: B.key })).rejects.toThrow(
      /Bad User Name or Password|Not authorized/,
    );
    await expect(gateway(revoked)).rejects.toThrow(/Bad User Name or Password|Not authorized/);
  });

  it('refuses a client that does not trust the broker certificate (TLS only)', async () => {
    await expect(gateway(A, { ca: undefined })).rejects.toThrow(/certificate/i);
    await expect(
      mqtt.connectAsync(url.replace('mqtts:', 'mqtt:'), {
        protocolVersion: 5,
        reconnectPeriod: 0,
        connectTimeout: 3_000,
      }),
    ).rejects.toThrow();
  });

  it("stores a company's message without a key in it, and answers on that company's ack topic", async () => {
    const a = await gateway(A);
    const acks: Record<string, unknown>[] = [];
    const [granted] = await a.subscribeAsync(`${PREFIX}/ACME/${A.model.code}/ack`, { qos: 1 });
    expect(granted?.qos).toBe(1);
    a.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
    await a.publishAsync(`${PREFIX}/ACME/${A.model.code}/measurements`, points(1), { qos: 1 });
    await expect.poll(() => stored(A.model.id), { timeout: 20_000 }).toEqual([['h2', 1]]);
    await expect
      .poll(() => acks, { timeout: 20_000 })
      .toContainEqual(expect.objectContaining({ ok: true, accepted: 1 }));
  });

  it("does not let company A read B's topics or the ingest topics, write B's topics, divert messages or forge acks", async () => {
    const a = await gateway(A);
    const seen = new Set<string>();
    a.on('message', (topic) => seen.add(topic));
    // Mosquitto grants these subscriptions and then delivers nothing the ACL does not let A read. A shared group
    // A can guess (the old fixed `sdp`, the topic prefix) is not the server's, so joining it diverts nothing.
    for (const filter of [
      `${PREFIX}/OTHER/${B.model.code}/ack`,
      `${PREFIX}/OTHER/#`,
      `${PREFIX}/#`,
      '#',
      `$share/${PREFIX}/${PREFIX}/+/+/measurements`,
      `$share/sdp/${PREFIX}/+/+/measurements`,
      `${PREFIX}/ACME/${A.model.code}/ack`,
    ])
      await a.subscribeAsync(filter, { qos: 1 });
    await expect(
      a.publishAsync(`${PREFIX}/OTHER/${B.model.code}/measurements`, points(2), { qos: 1 }),
    ).rejects.toThrow(/Not authorized/);
    await expect(
      a.publishAsync(`${PREFIX}/ACME/${A.model.code}/ack`, '{"ok":true,"accepted":1}', { qos: 1 }),
    ).rejects.toThrow(/Not authorized/);

    // Every message of B reaches the server (none diverted), and only B's: A's message on B's topic never did.
    const b = await gateway(B);
    for (const minute of [3, 4, 5, 6])
      await b.publishAsync(`${PREFIX}/OTHER/${B.model.code}/measurements`, points(minute), { qos: 1 });
    await expect
      .poll(() => stored(B.model.id), { timeout: 20_000 })
      .toEqual([3, 4, 5, 6].map((minute) => ['h2', minute]));

    // The server acks in order: once A has the ack of its own later message, B's acks would have reached it before.
    await a.publishAsync(`${PREFIX}/ACME/${A.model.code}/measurements`, points(7), { qos: 1 });
    await expect.poll(() => seen.size, { timeout: 20_000 }).toBeGreaterThan(0);
    expect([...seen]).toEqual([`${PREFIX}/ACME/${A.model.code}/ack`]);
  });

  it('cuts a key off the broker once it is revoked and the files are written again', async () => {
    const a = await gateway(A);
    const closed = new Promise<void>((resolve) => a.once('close', () => resolve()));
    await ctx.db.updateTable('ingest_keys').set({ revoked_at: new Date() }).where('id', '=', A.id).execute();
    expect(await brokerFiles.sync()).toBe(true);
    broker.kill('SIGHUP');
    await closed;
    await expect(gateway(A)).rejects.toThrow(/Bad User Name or Password|Not authorized/);
  });
});
