import { MAX_POINTS_PER_REQUEST, waveformJsonRequest } from '@sdp/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { bearerToken, hashToken } from '../../auth/access.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type Admission, OverloadedError, RETRY_AFTER_SECONDS } from './admission.ts';
import type { IngestService } from './ingest.service.ts';
import type { IngestKeysRepository } from './ingest-keys.repository.ts';
import { jsonBatch } from './parse.ts';

interface Deps {
  url: string;
  service: IngestService;
  keys: IngestKeysRepository;
  companyCode: (companyId: string) => Promise<string | undefined>;
  /** The instance's bounded ingestion queue, shared with HTTP: a message that does not fit is refused (503). */
  admission: Admission;
  log: (message: string, detail?: Record<string, unknown>) => void;
}

const TOPIC = /^sdp\/([^/]+)\/([^/]+)\/(measurements|waveforms)$/;

/**
 * MQTT ingestion (docs/ingestion.md): `sdp/{companyCode}/{modelCode}/measurements` and `…/waveforms` carry the HTTP
 * payloads as JSON, with the ingest key in the MQTT 5 user property `authorization: Bearer <key>` or a `key` field.
 * Each message is answered on `sdp/{companyCode}/{modelCode}/ack`. A shared subscription spreads messages over
 * the server instances.
 */
export function startMqttIngest(deps: Deps): { client: MqttClient; stop(): Promise<void> } {
  const client = mqtt.connect(deps.url, {
    protocolVersion: 5,
    clientId: `sdp-${process.pid}-${Date.now().toString(36)}`,
    reconnectPeriod: 2000,
  });
  client.on('connect', () => {
    client.subscribe(
      ['$share/sdp/sdp/+/+/measurements', '$share/sdp/sdp/+/+/waveforms'],
      { qos: 1 },
      (error) => {
        if (error) deps.log('MQTT subscription failed', { error: error.message });
      },
    );
  });
  client.on('error', (error) => deps.log('MQTT error', { error: error.message }));

  client.on('message', (topic, payload, packet) => {
    const match = TOPIC.exec(topic);
    if (!match) return;
    const [, companyCode, modelCode, kind] = match as unknown as [
      string,
      string,
      string,
      'measurements' | 'waveforms',
    ];
    const ack = (body: object) =>
      client.publish(`sdp/${companyCode}/${modelCode}/ack`, JSON.stringify(body), { qos: 1 });
    const admitted = async () => {
      const leave = await deps.admission.enter();
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
        if (status >= 500) deps.log('MQTT message failed', { topic, error: error.message });
        ack({ ok: false, kind, status, detail: status >= 500 ? 'Internal server error.' : error.message });
      });
  });

  async function handle(
    companyCode: string,
    modelCode: string,
    kind: 'measurements' | 'waveforms',
    payload: Buffer,
    properties: Record<string, string | string[]> | undefined,
  ) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new HttpError(400, 'The payload is not valid JSON.');
    }
    const header = [properties?.authorization].flat()[0] ?? '';
    const token = bearerToken(header) || (typeof body.key === 'string' ? body.key : '');
    const key = token ? await deps.keys.findLive(hashToken(token)) : undefined;
    if (!key) throw new HttpError(401, 'A valid ingest key is required.');
    if ((await deps.companyCode(key.company_id)) !== companyCode)
      throw new HttpError(403, `This ingest key cannot write to company ${companyCode}.`);
    void deps.keys.touch(key.id).catch(() => undefined);
    if (kind === 'measurements') {
      const points = Array.isArray(body.points) ? (body.points as unknown[]) : null;
      if (!points) throw new HttpError(400, 'points must be a list.');
      if (points.length > MAX_POINTS_PER_REQUEST)
        throw new HttpError(413, `At most ${MAX_POINTS_PER_REQUEST} points per message.`);
      return deps.service.measurements(key.company_id, jsonBatch(modelCode, points));
    }
    const parsed = waveformJsonRequest.safeParse({ ...body, modelCode });
    if (!parsed.success)
      throw new HttpError(
        400,
        parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      );
    const { samples, ...meta } = parsed.data;
    return deps.service.waveform(key.company_id, meta, Buffer.from(new Float32Array(samples).buffer));
  }

  return {
    client,
    stop: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
  };
}
