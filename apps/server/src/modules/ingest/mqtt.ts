import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import { MAX_POINTS_PER_REQUEST, waveformJsonRequest } from '@sdp/contracts';
import mqtt, { type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';
import type pg from 'pg';
import { bearerToken, hashToken } from '../../auth/access.ts';
import { databaseIdentity } from '../../db/identity.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type Admission, OverloadedError, RETRY_AFTER_SECONDS } from './admission.ts';
import type { IngestService } from './ingest.service.ts';
import type { IngestKeysRepository } from './ingest-keys.repository.ts';
import { jsonBatch } from './parse.ts';

/** How the server reaches its broker (config.ts: the MQTT_* variables, docs/ingestion.md and docs/security.md). */
export interface MqttSettings {
  url: string;
  /** The server's own broker account; unset: the credentials of the URL, or anonymous (the open dev broker). */
  username: string | null;
  password: string | null;
  /** PEM file of the CA that signed an mqtts:// or wss:// broker's certificate (unset: the system's CAs). */
  caFile: string | null;
  /** Topics are `{topicPrefix}/{companyCode}/{modelCode}/…` (default `sdp`). */
  topicPrefix: string;
  /** The shared-subscription group of this installation's instances (`$share/{shareGroup}/…`). */
  shareGroup: string;
  /** The largest MQTT packet (payload, topic and properties) the server accepts; larger ones are never buffered. */
  maxMessageBytes: number;
  /**
   * The broker authenticates every client and lets it publish only under its own company's topics
   * (docs/security.md): a message without a key is taken as its topic's company's.
   */
  brokerAuth: boolean;
}

interface Deps extends MqttSettings {
  service: IngestService;
  keys: IngestKeysRepository;
  companyCode: (companyId: string) => Promise<string | undefined>;
  /** The live company of a code (MQTT_BROKER_AUTH: the broker vouched for the publisher's company). */
  companyId: (companyCode: string) => Promise<string | undefined>;
  /** The instance's bounded ingestion queue, shared with HTTP: a message that does not fit is refused (503). */
  admission: Admission;
  log: (message: string, detail?: Record<string, unknown>) => void;
}

/** MQTT's largest packet (256 MB); also the largest value of MQTT_MAX_MESSAGE_BYTES. */
export const MQTT_PACKET_CEILING = 268_435_455;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads the fixed headers of the MQTT packets flowing in, chunk by chunk, and answers the size a packet announces
 * when it is larger than `limit` (or a malformed length): the connection can be closed before its body is buffered.
 */
export function packetSizeScanner(limit: number): (chunk: Uint8Array) => number | null {
  let expectType = true;
  let skip = 0;
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  return (chunk) => {
    let at = 0;
    while (at < chunk.length) {
      if (skip > 0) {
        const passed = Math.min(skip, chunk.length - at);
        skip -= passed;
        at += passed;
        continue;
      }
      const byte = chunk[at++] as number;
      if (expectType) {
        expectType = false;
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes++;
      if (byte & 0x80) {
        if (lengthBytes === 4) return Number.POSITIVE_INFINITY;
        continue;
      }
      const total = 1 + lengthBytes + length;
      if (total > limit) return total;
      skip = length;
      expectType = true;
    }
    return null;
  };
}

/**
 * The default shared-subscription group: the same for every instance on one database, different for two
 * installations (staging and production) on one broker. It hashes the PostgreSQL cluster's system identifier (when
 * this role may read it), the database's name and the time its first migration ran, and the server's broker password
 * when it has one: Mosquitto's acl_file does not check subscriptions, so a client that knew the group could join it
 * and the broker would drop the messages it hands that client; the group must be as hard to guess as the password.
 */
export async function defaultShareGroup(pool: pg.Pool, secret: string | null): Promise<string> {
  const parts = [...(await databaseIdentity(pool)), secret ?? ''];
  return `sdp-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 16)}`;
}

/** The options the server's client connects with (exported for the start banner's checks and the tests). */
export function clientOptions(settings: MqttSettings): IClientOptions {
  return {
    protocolVersion: 5,
    clientId: `sdp-${process.pid}-${Date.now().toString(36)}`,
    reconnectPeriod: 2000,
    // MQTT 5: the broker must not send this client a larger packet (mosquitto drops it for this client).
    properties: { maximumPacketSize: settings.maxMessageBytes },
    ...(settings.username ? { username: settings.username } : {}),
    ...(settings.password ? { password: settings.password } : {}),
    ...(settings.caFile ? { ca: readFileSync(settings.caFile) } : {}),
    rejectUnauthorized: true,
  };
}

/** The start banner's warnings about an open or clear-text broker (docs/security.md). */
export function brokerWarnings(settings: Pick<MqttSettings, 'url' | 'username'>): string[] {
  const url = new URL(settings.url);
  const warnings: string[] = [];
  if (!settings.username && !url.username)
    warnings.push(
      `Warning: MQTT broker ${url.host} is used without a broker account: if it lets anonymous clients in, anyone who reaches it reads every company's data and keys and can divert or forge messages (docs/security.md, "Running the MQTT broker securely").`,
    );
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (!['mqtts:', 'wss:'].includes(url.protocol) && !loopback)
    warnings.push(
      `Warning: MQTT broker ${url.host} is reached without TLS: use mqtts:// (and MQTT_CA_FILE).`,
    );
  return warnings;
}

/**
 * MQTT ingestion (docs/ingestion.md): `{prefix}/{companyCode}/{modelCode}/measurements` and `…/waveforms` carry the
 * HTTP payloads as JSON, with the ingest key in the MQTT 5 user property `authorization: Bearer <key>` or a `key`
 * field (not needed when the broker authenticates its clients, MQTT_BROKER_AUTH). Each message is answered on
 * `{prefix}/{companyCode}/{modelCode}/ack`. A shared subscription spreads messages over the server instances.
 *
 * One message can never take the process down: a packet larger than `maxMessageBytes` is refused before it is
 * buffered (the broker is told the limit; a broker that sends one anyway loses the connection, and the client
 * reconnects), a message is read only once it has a place in the admission queue (so waiting messages are not held
 * in memory), and every error is logged and answered on the ack topic.
 */
export function startMqttIngest(deps: Deps): { client: MqttClient; stop(): Promise<void> } {
  const prefix = deps.topicPrefix;
  const topic = new RegExp(`^${escapeRegExp(prefix)}/([^/]+)/([^/]+)/(measurements|waveforms)$`);
  const client = mqtt.connect(deps.url, { ...clientOptions(deps), manualConnect: true });

  // Watch the bytes as they arrive: a packet announcing more than the limit closes the connection at once.
  const internals = client as unknown as { streamBuilder: (client: MqttClient) => Duplex };
  const build = internals.streamBuilder;
  internals.streamBuilder = (owner) => {
    const stream = build(owner);
    const scan = packetSizeScanner(deps.maxMessageBytes);
    stream.on('data', (chunk: Uint8Array) => {
      const size = scan(chunk);
      if (size === null) return;
      deps.log('MQTT packet over MQTT_MAX_MESSAGE_BYTES refused; reconnecting', {
        bytes: Number.isFinite(size) ? size : 'malformed length',
        limit: deps.maxMessageBytes,
      });
      stream.destroy();
    });
    return stream;
  };

  client.on('connect', () => {
    client.subscribe(
      [
        `$share/${deps.shareGroup}/${prefix}/+/+/measurements`,
        `$share/${deps.shareGroup}/${prefix}/+/+/waveforms`,
      ],
      { qos: 1 },
      (error) => {
        if (error) deps.log('MQTT subscription failed', { error: error.message });
      },
    );
  });
  client.on('error', (error) => deps.log('MQTT error', { error: error.message }));

  // The next packet is read once this message has its turn (or was refused): back-pressure towards the broker.
  const turns = new WeakMap<IPublishPacket, Promise<unknown>>();
  client.handleMessage = (packet, callback) => {
    const turn = turns.get(packet);
    if (!turn) return callback();
    turns.delete(packet);
    void turn.then(
      () => callback(),
      () => callback(),
    );
  };

  client.on('message', (name, payload, packet) => {
    try {
      receive(name, payload, packet);
    } catch (error) {
      deps.log('MQTT message failed', { topic: name, error: (error as Error).message });
    }
  });

  function receive(name: string, payload: Buffer, packet: IPublishPacket) {
    const match = topic.exec(name);
    if (!match) return;
    const [, companyCode, modelCode, kind] = match as unknown as [
      string,
      string,
      string,
      'measurements' | 'waveforms',
    ];
    const ack = (body: object) =>
      client.publish(`${prefix}/${companyCode}/${modelCode}/ack`, JSON.stringify(body), { qos: 1 });
    const turn = deps.admission.enter();
    turns.set(packet, turn);
    const admitted = async () => {
      const leave = await turn;
      try {
        return await handle(companyCode, modelCode, kind, payload, packet.properties?.userProperties);
      } finally {
        leave();
      }
    };
    void admitted()
      .then((result) => ack({ ok: true, kind, ...result }))
      .catch((error: Error) => {
        if (error instanceof OverloadedError) {
          ack({
            ok: false,
            kind,
            status: 503,
            detail: error.message,
            retryAfterSeconds: RETRY_AFTER_SECONDS,
          });
          return;
        }
        const status = error instanceof HttpError ? error.status : 500;
        if (status >= 500) deps.log('MQTT message failed', { topic: name, error: error.message });
        ack({ ok: false, kind, status, detail: status >= 500 ? 'Internal server error.' : error.message });
      })
      .catch((error: Error) => deps.log('MQTT ack failed', { topic: name, error: error.message }));
  }

  /** The company a message writes for: its key's, or with MQTT_BROKER_AUTH and no key, its topic's. */
  async function company(companyCode: string, token: string): Promise<string> {
    if (!token) {
      const id = deps.brokerAuth ? await deps.companyId(companyCode) : undefined;
      if (!id) throw new HttpError(401, 'A valid ingest key is required.');
      return id;
    }
    const key = await deps.keys.findLive(hashToken(token));
    if (!key) throw new HttpError(401, 'A valid ingest key is required.');
    if ((await deps.companyCode(key.company_id)) !== companyCode)
      throw new HttpError(403, `This ingest key cannot write to company ${companyCode}.`);
    void deps.keys.touch(key.id).catch(() => undefined);
    return key.company_id;
  }

  async function handle(
    companyCode: string,
    modelCode: string,
    kind: 'measurements' | 'waveforms',
    payload: Buffer,
    properties: Record<string, string | string[]> | undefined,
  ) {
    if (payload.length > deps.maxMessageBytes)
      throw new HttpError(413, `A message may hold at most ${deps.maxMessageBytes} bytes.`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'The payload is not valid JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new HttpError(400, 'The payload must be a JSON object.');
    const header = [properties?.authorization].flat()[0] ?? '';
    const token = bearerToken(header) || (typeof body.key === 'string' ? body.key : '');
    const companyId = await company(companyCode, token);
    if (kind === 'measurements') {
      const points = Array.isArray(body.points) ? (body.points as unknown[]) : null;
      if (!points) throw new HttpError(400, 'points must be a list.');
      if (points.length > MAX_POINTS_PER_REQUEST)
        throw new HttpError(413, `At most ${MAX_POINTS_PER_REQUEST} points per message.`);
      return deps.service.measurements(companyId, jsonBatch(modelCode, points));
    }
    const parsed = waveformJsonRequest.safeParse({ ...body, modelCode });
    if (!parsed.success)
      throw new HttpError(
        400,
        parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      );
    const { samples, ...meta } = parsed.data;
    return deps.service.waveform(companyId, meta, Buffer.from(new Float32Array(samples).buffer));
  }

  client.connect();
  return {
    client,
    stop: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
