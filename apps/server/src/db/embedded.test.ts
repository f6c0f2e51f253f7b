import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { passwordBeforeStart, passwordFiles, settlePassword } from './embedded.ts';

// A role of its own stands in for the embedded superuser: same ALTER ROLE, without touching the test server's.
const role = `sdp_rotation_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let dataDir: string;

const urlWith = (password: string) => {
  const url = new URL(inject('databaseUrl'));
  url.username = role;
  url.password = password;
  url.pathname = '/postgres';
  return url.toString();
};

async function canSignIn(password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: urlWith(password) });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether the server checks passwords at all (the embedded one does; a service may trust loopback). */
const enforcesPasswords = async () => !(await canSignIn(`wrong-${randomBytes(8).toString('hex')}`));

/** The role's stored password verifier (SCRAM), read as the superuser the tests connect as. */
async function verifier(): Promise<string | null> {
  const { rows } = await admin.query<{ rolpassword: string | null }>(
    'SELECT rolpassword FROM pg_authid WHERE rolname = $1',
    [role],
  );
  return rows[0]?.rolpassword ?? null;
}

beforeAll(async () => {
  const url = new URL(inject('databaseUrl'));
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sdp-embedded-'));
});
afterAll(async () => {
  await admin.query(`DROP ROLE IF EXISTS ${role}`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded superuser password (issue 11 item 1)', () => {
  it('is replaced when found where the files route could serve it, and kept in secrets/ from then on', async () => {
    const files = passwordFiles(dataDir);
    await writeFile(files.legacy, 'leaked-password\n', { mode: 0o644 });
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'leaked-password'`);
    const leakedVerifier = await verifier();
    // Until the server runs, the legacy password is the one it accepts.
    expect(await passwordBeforeStart(dataDir)).toBe('leaked-password');

    const logged: string[] = [];
    const next = await settlePassword(dataDir, role, urlWith, (line) => logged.push(line));
    expect(next).not.toBe('leaked-password');
    expect(next.length).toBeGreaterThanOrEqual(32);
    expect(await canSignIn(next)).toBe(true);
    if (await enforcesPasswords()) expect(await canSignIn('leaked-password')).toBe(false);
    // A server that trusts loopback (the CI service) accepts any password: there the stored verifier must change.
    expect(await verifier()).not.toBe(leakedVerifier);
    expect(existsSync(files.legacy)).toBe(false);
    expect((await readFile(files.current, 'utf8')).trim()).toBe(next);
    expect((await stat(files.current)).mode & 0o777).toBe(0o600);
    expect((await stat(files.secrets)).mode & 0o777).toBe(0o700);
    expect(logged.join('\n')).toMatch(/replaced/);

    // The next start changes nothing.
    expect(await passwordBeforeStart(dataDir)).toBe(next);
    expect(await settlePassword(dataDir, role, urlWith, () => undefined)).toBe(next);
    expect(await canSignIn(next)).toBe(true);
  });

  it('finishes a rotation that stopped between ALTER ROLE and storing the new password', async () => {
    const files = passwordFiles(dataDir);
    const stored = (await readFile(files.current, 'utf8')).trim();
    await rm(files.current);
    await writeFile(files.legacy, `${stored}\n`);
    await writeFile(files.pending, 'already-set-password\n', { mode: 0o600 });
    await admin.query(`ALTER ROLE ${role} PASSWORD 'already-set-password'`);

    expect(await settlePassword(dataDir, role, urlWith, () => undefined)).toBe('already-set-password');
    expect(await canSignIn('already-set-password')).toBe(true);
    expect(existsSync(files.legacy)).toBe(false);
    expect(existsSync(files.pending)).toBe(false);
    expect((await readFile(files.current, 'utf8')).trim()).toBe('already-set-password');
  });

  it('creates a new password in secrets/ on a first start', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'sdp-embedded-fresh-'));
    try {
      const password = await passwordBeforeStart(fresh);
      const files = passwordFiles(fresh);
      expect((await readFile(files.current, 'utf8')).trim()).toBe(password);
      expect((await stat(files.current)).mode & 0o777).toBe(0o600);
      expect(existsSync(files.legacy)).toBe(false);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
