import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const mainTs = path.join(import.meta.dirname, 'main.ts');

describe('configuration', () => {
  it('has defaults a laptop can start with', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, oidc: null, demo: { enabled: true } });
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.authCacheSeconds).toBe(30);
    expect(loadConfig({ AUTH_CACHE_SECONDS: '0' }).authCacheSeconds).toBe(0);
  });

  it('trusts no proxy unless TRUST_PROXY names one; sessions end after a week by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone!' })).toThrow('TRUST_PROXY: must be true, false');
    expect(loadConfig({}).sessionMaxHours).toBe(168);
    expect(loadConfig({ CSP_IMG_SOURCES: 'https://a.example, https://b.example' }).csp.imgSources).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('accepts points up to five minutes ahead by default; INGEST_FUTURE_TOLERANCE_SECONDS sets it, up to a day', () => {
    expect(loadConfig({}).ingestFutureToleranceMs).toBe(300_000);
    expect(loadConfig({ INGEST_FUTURE_TOLERANCE_SECONDS: '30' }).ingestFutureToleranceMs).toBe(30_000);
    expect(() => loadConfig({ INGEST_FUTURE_TOLERANCE_SECONDS: '86401' })).toThrow(
      'INGEST_FUTURE_TOLERANCE_SECONDS',
    );
  });

  it('caps uploaded images at 40 megapixels by default; IMAGE_MAX_PIXELS sets it (issue 23 item 8)', () => {
    expect(loadConfig({}).imageMaxPixels).toBe(40_000_000);
    expect(loadConfig({ IMAGE_MAX_PIXELS: '1000000' }).imageMaxPixels).toBe(1_000_000);
    expect(() => loadConfig({ IMAGE_MAX_PIXELS: '0' })).toThrow('IMAGE_MAX_PIXELS');
    expect(() => loadConfig({ IMAGE_MAX_PIXELS: 'many' })).toThrow('IMAGE_MAX_PIXELS');
  });

  it('bounds ingest bodies by default: 30 s to arrive, gzip inflating ≤ 100×, 8 at once per key (issue 23)', () => {
    expect(loadConfig({}).ingestBody).toEqual({ timeoutMs: 30_000, gzipMaxRatio: 100, readsPerKey: 8 });
    expect(
      loadConfig({
        INGEST_BODY_TIMEOUT_SECONDS: '5',
        INGEST_GZIP_MAX_RATIO: '20',
        INGEST_MAX_READS_PER_KEY: '2',
      }).ingestBody,
    ).toEqual({ timeoutMs: 5_000, gzipMaxRatio: 20, readsPerKey: 2 });
    expect(() => loadConfig({ INGEST_BODY_TIMEOUT_SECONDS: '0' })).toThrow('INGEST_BODY_TIMEOUT_SECONDS');
    expect(() => loadConfig({ INGEST_GZIP_MAX_RATIO: '1' })).toThrow('INGEST_GZIP_MAX_RATIO');
    expect(() => loadConfig({ INGEST_MAX_READS_PER_KEY: '0' })).toThrow('INGEST_MAX_READS_PER_KEY');
  });

  it('bounds how long a client may hold a connection, and connections per address, by default (issue 23 item 6)', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 75_000,
      keepAliveTimeoutMs: 72_000,
      maxConnectionsPerAddress: 256,
    });
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow('HTTP_HEADERS_TIMEOUT_SECONDS');
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '20' }),
    ).toThrow('HTTP_HEADERS_TIMEOUT_SECONDS: must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS');
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      'HTTP_MAX_CONNECTIONS_PER_ADDRESS',
    );
  });

  it('keeps at most 10 live event streams per session and per user by default (issue 23 item 5)', () => {
    expect(loadConfig({}).eventStreams).toEqual({ perSession: 10, perUser: 10 });
    expect(loadConfig({ EVENT_STREAMS_PER_SESSION: '4', EVENT_STREAMS_PER_USER: '12' }).eventStreams).toEqual(
      { perSession: 4, perUser: 12 },
    );
    expect(() => loadConfig({ EVENT_STREAMS_PER_SESSION: '0' })).toThrow('EVENT_STREAMS_PER_SESSION');
    expect(() => loadConfig({ EVENT_STREAMS_PER_USER: 'lots' })).toThrow('EVENT_STREAMS_PER_USER');
  });

  it('hides invitation links from the Mail outbox and limits invitations an hour by default (issue 11)', () => {
    expect(loadConfig({})).toMatchObject({
      mailOutboxShowsLinks: false,
      invitationLimits: { perInviterPerHour: 30, perCompanyPerHour: 100 },
    });
    expect(
      loadConfig({
        MAIL_OUTBOX_SHOWS_LINKS: '1',
        INVITE_MAX_PER_INVITER_PER_HOUR: '5',
        INVITE_MAX_PER_COMPANY_PER_HOUR: '8',
      }),
    ).toMatchObject({
      mailOutboxShowsLinks: true,
      invitationLimits: { perInviterPerHour: 5, perCompanyPerHour: 8 },
    });
    expect(() => loadConfig({ INVITE_MAX_PER_INVITER_PER_HOUR: '0' })).toThrow(
      'INVITE_MAX_PER_INVITER_PER_HOUR',
    );
  });

  it('limits on-demand report PDFs: 10 a minute per user and 200 MB stored per company by default (issue 23 item 15)', () => {
    expect(loadConfig({}).reportLimits).toEqual({
      perUserPerMinute: 10,
      maxBytesPerCompany: 200 * 1024 * 1024,
    });
    expect(
      loadConfig({ REPORT_PDF_MAX_PER_USER_PER_MINUTE: '3', REPORT_FILES_MAX_MB_PER_COMPANY: '5' })
        .reportLimits,
    ).toEqual({ perUserPerMinute: 3, maxBytesPerCompany: 5 * 1024 * 1024 });
    expect(() => loadConfig({ REPORT_PDF_MAX_PER_USER_PER_MINUTE: '0' })).toThrow(
      'REPORT_PDF_MAX_PER_USER_PER_MINUTE',
    );
    expect(() => loadConfig({ REPORT_FILES_MAX_MB_PER_COMPANY: 'lots' })).toThrow(
      'REPORT_FILES_MAX_MB_PER_COMPANY',
    );
  });

  it('refuses a FILES_DIR that would serve DATA_DIR, its database or its secrets (issue 11 item 1)', () => {
    const data = path.resolve('/srv/sdp/data');
    for (const [files, problem] of [
      [data, 'must not be DATA_DIR or a folder that contains it'],
      ['/srv/sdp', 'must not be DATA_DIR or a folder that contains it'],
      ['/', 'must not be DATA_DIR or a folder that contains it'],
      [`${data}/secrets`, 'must not be inside DATA_DIR/secrets (the database and its password)'],
      [`${data}/pg/base`, 'must not be inside DATA_DIR/pg (the database and its password)'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: data, FILES_DIR: files }), files).toThrow(
        `Invalid configuration: FILES_DIR: ${problem}`,
      );
    }
    expect(loadConfig({ DATA_DIR: data }).filesDir).toBe(`${data}/files`);
    expect(loadConfig({ DATA_DIR: data, FILES_DIR: '/srv/sdp/files' }).filesDir).toBe('/srv/sdp/files');
    expect(loadConfig({}).uploadQuotaBytesPerCompany).toBe(1024 ** 3);
  });

  it('keeps uploaded files in FILES_DIR by default; FILES_STORE=s3 puts them in a bucket (issue 17 item 5)', () => {
    expect(loadConfig({}).s3).toBeNull();
    const bucket = {
      FILES_STORE: 's3',
      S3_BUCKET: 'sdp-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: null,
      bucket: 'sdp-files',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: '',
    });
    expect(
      loadConfig({
        ...bucket,
        S3_ENDPOINT: 'https://minio.internal:9000/',
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: 'false',
        S3_PREFIX: '/plants/sdp',
      }).s3,
    ).toMatchObject({
      endpoint: 'https://minio.internal:9000',
      region: 'eu-central-1',
      forcePathStyle: false,
      prefix: 'plants/sdp/',
    });
    // S3 settings without FILES_STORE=s3 change nothing.
    expect(loadConfig({ S3_BUCKET: 'sdp-files' }).s3).toBeNull();
  });

  it.each([
    [{ S3_BUCKET: undefined }, 'S3_BUCKET: is required when FILES_STORE=s3'],
    [{ S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID: is required when FILES_STORE=s3'],
    [{ S3_SECRET_ACCESS_KEY: undefined }, 'S3_SECRET_ACCESS_KEY: is required when FILES_STORE=s3'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_ENDPOINT: 'ftp://minio' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    [{ S3_BUCKET: 'SDP_Files' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_REGION: 'EU West' }, 'S3_REGION: must be a region name'],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE: Invalid option'],
    [{ S3_PREFIX: 'a/../b' }, 'S3_PREFIX: must be folder names'],
    [{ FILES_STORE: 'gcs' }, 'FILES_STORE: Invalid option: expected one of "local"|"s3"'],
  ])('names the S3 setting that is missing or malformed: %o', (change, message) => {
    const env: Record<string, string | undefined> = {
      FILES_STORE: 's3',
      S3_BUCKET: 'sdp-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      ...change,
    };
    expect(() => loadConfig(env)).toThrow(`Invalid configuration: ${message}`);
  });

  it('reads the MQTT settings: 32 MiB messages, topics under sdp/, a broker account for the secure broker (issue 23)', () => {
    expect(loadConfig({}).mqtt).toEqual({
      username: null,
      password: null,
      caFile: null,
      brokerFilesDir: null,
      topicPrefix: 'sdp',
      shareGroup: null,
      maxMessageBytes: 33_554_432,
      brokerAuth: false,
    });
    const secure = loadConfig({
      MQTT_URL: 'mqtts://broker.plant:8883',
      MQTT_USERNAME: 'sdp-server',
      MQTT_PASSWORD: 'secret',
      MQTT_CA_FILE: '/etc/sdp/ca.crt',
      MQTT_BROKER_FILES_DIR: '/etc/mosquitto/sdp',
      MQTT_BROKER_AUTH: 'true',
      MQTT_TOPIC_PREFIX: 'staging/sdp',
      MQTT_SHARE_GROUP: 'sdp-staging',
      MQTT_MAX_MESSAGE_BYTES: '5000000',
    }).mqtt;
    expect(secure).toEqual({
      username: 'sdp-server',
      password: 'secret',
      caFile: '/etc/sdp/ca.crt',
      brokerFilesDir: '/etc/mosquitto/sdp',
      topicPrefix: 'staging/sdp',
      shareGroup: 'sdp-staging',
      maxMessageBytes: 5_000_000,
      brokerAuth: true,
    });
    expect(loadConfig({ MQTT_URL: 'mqtt://sdp:pw@broker:1883', MQTT_BROKER_AUTH: '1' }).mqtt.brokerAuth).toBe(
      true,
    );
  });

  it.each([
    [{ MQTT_TOPIC_PREFIX: 'sdp/#' }, 'MQTT_TOPIC_PREFIX: must be topic levels'],
    [{ MQTT_TOPIC_PREFIX: '/sdp' }, 'MQTT_TOPIC_PREFIX: must be topic levels'],
    [{ MQTT_SHARE_GROUP: 'a/b' }, 'MQTT_SHARE_GROUP: must be 1 to 64 letters'],
    [{ MQTT_MAX_MESSAGE_BYTES: '268435456' }, 'MQTT_MAX_MESSAGE_BYTES: Too big'],
    [{ MQTT_MAX_MESSAGE_BYTES: '100' }, 'MQTT_MAX_MESSAGE_BYTES: Too small'],
    [{ MQTT_PASSWORD: 'secret' }, 'MQTT_USERNAME: is required with MQTT_PASSWORD'],
    [{ MQTT_USERNAME: 'a:b' }, 'MQTT_USERNAME: must be 1 to 128 letters'],
    [
      { MQTT_URL: 'mqtt://broker:1883', MQTT_BROKER_AUTH: 'true' },
      "MQTT_BROKER_AUTH: needs the server's broker account",
    ],
    [
      { MQTT_BROKER_FILES_DIR: '/etc/mosquitto/sdp', MQTT_USERNAME: 'sdp' },
      "MQTT_BROKER_FILES_DIR: needs the server's broker account",
    ],
  ])('refuses the MQTT setting %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('keeps the demo plant off on an external database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sdp' }).demo.enabled).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/sdp', SDP_DEMO: '1' }).demo.enabled).toBe(true);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: Invalid input: expected number, received NaN'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ AUTH_CACHE_SECONDS: '-1' }, 'AUTH_CACHE_SECONDS: Too small: expected number to be >=0'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID: is required when OIDC is configured'],
    [
      { SDP_ADMIN_EMAIL: 'root@example.com' },
      'SDP_ADMIN_PASSWORD: is required together with the other SDP_ADMIN_ variable',
    ],
    [
      { SDP_ADMIN_EMAIL: 'root@example.com', SDP_ADMIN_PASSWORD: 'short' },
      'SDP_ADMIN_PASSWORD: must be at least 8 characters',
    ],
  ])('names the variable and the problem for %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('makes the server exit with code 1 and one line on stderr', () => {
    const result = spawnSync(process.execPath, [mainTs], {
      env: { PATH: process.env.PATH ?? '', PORT: '70000' },
      encoding: 'utf8',
      // Loading the server's modules takes long on a loaded machine, and a child that hangs past the timeout must
      // still end: seen once in .ci/run, the child sat in a futex wait after the SIGTERM and spawnSync waited 23
      // minutes. SIGKILL always ends it.
      timeout: 120_000,
      killSignal: 'SIGKILL',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PORT: Too big: expected number to be <=65535',
    ]);
  }, 150_000);

  it('stops the server at start with one line naming a malformed S3 setting', () => {
    const result = spawnSync(process.execPath, [mainTs], {
      env: {
        PATH: process.env.PATH ?? '',
        FILES_STORE: 's3',
        S3_ENDPOINT: 'minio:9000',
        S3_BUCKET: 'sdp-files',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      encoding: 'utf8',
      // Loading the server's modules takes long on a loaded machine, and a child that hangs past the timeout must
      // still end: seen once in .ci/run, the child sat in a futex wait after the SIGTERM and spawnSync waited 23
      // minutes. SIGKILL always ends it.
      timeout: 120_000,
      killSignal: 'SIGKILL',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: S3_ENDPOINT: must be an http:// or https:// URL',
    ]);
  }, 150_000);
});
