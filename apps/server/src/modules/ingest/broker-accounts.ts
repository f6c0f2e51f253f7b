import { createHash, pbkdf2Sync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** One gateway's broker account: username = the ingest key's id, password = the key (stored as `passwordHash`). */
export interface BrokerAccount {
  username: string;
  passwordHash: string;
  companyCode: string;
}

/**
 * A password as Mosquitto 2's password file stores it (`mosquitto_passwd`'s default): `$7$` PBKDF2-SHA512 with 101
 * iterations, a 12-byte salt and a 64-byte hash, both base64.
 */
export function mosquittoHash(password: string, salt: Buffer = randomBytes(12)): string {
  const hash = pbkdf2Sync(password, salt, 101, 64, 'sha512');
  return `$7$101$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The `password_file`: the server's own account first, then one line per live key. */
export function brokerPasswordFile(
  server: { username: string; passwordHash: string },
  accounts: BrokerAccount[],
): string {
  return [server, ...accounts].map((account) => `${account.username}:${account.passwordHash}\n`).join('');
}

/**
 * The `acl_file`: only the server reads the ingest topics (so only it can join the shared group) and publishes
 * acks; a key's account publishes measurements and waveforms of its own company and reads its own acks, nothing else.
 */
export function brokerAclFile(
  topicPrefix: string,
  serverUsername: string,
  accounts: BrokerAccount[],
): string {
  const lines = [
    '# Written by SDP (MQTT_BROKER_FILES_DIR) from the live ingest keys: changes here are overwritten.',
    `user ${serverUsername}`,
    `topic read ${topicPrefix}/+/+/measurements`,
    `topic read ${topicPrefix}/+/+/waveforms`,
    `topic write ${topicPrefix}/+/+/ack`,
  ];
  for (const account of accounts) {
    const company = `${topicPrefix}/${account.companyCode}`;
    lines.push(
      '',
      `user ${account.username}`,
      `topic write ${company}/+/measurements`,
      `topic write ${company}/+/waveforms`,
      `topic read ${company}/+/ack`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface BrokerFilesOptions {
  /** Where `passwd` and `acl` are written (the broker's `password_file` and `acl_file`). */
  dir: string;
  topicPrefix: string;
  /** The server's own broker account (MQTT_USERNAME / MQTT_PASSWORD). */
  server: { username: string; password: string };
  accounts: () => Promise<BrokerAccount[]>;
}

/**
 * Keeps the broker's password and ACL files in step with the live ingest keys (docs/security.md, "Running the MQTT
 * broker securely"). `sync()` rewrites a file only when its content changes (atomically: a temporary file renamed
 * over it), so the broker is reloaded only for a real change; it answers whether anything was written.
 */
export function createBrokerFiles(options: BrokerFilesOptions) {
  // A salt derived from the account makes the server's line the same on every run and every instance.
  const serverSalt = createHash('sha256')
    .update(`sdp-broker-account|${options.server.username}|${options.server.password}`)
    .digest()
    .subarray(0, 12);
  const server = {
    username: options.server.username,
    passwordHash: mosquittoHash(options.server.password, serverSalt),
  };
  const passwordFile = path.join(options.dir, 'passwd');
  const aclFile = path.join(options.dir, 'acl');

  async function replace(file: string, content: string): Promise<boolean> {
    const current = await readFile(file, 'utf8').catch(() => null);
    if (current === content) return false;
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, content, { mode: 0o640 });
    await rename(temporary, file);
    return true;
  }

  return {
    passwordFile,
    aclFile,
    async sync(): Promise<boolean> {
      const accounts = await options.accounts();
      await mkdir(options.dir, { recursive: true });
      // The ACL first: a new account may sign in only once it is confined to its company's topics.
      const acl = await replace(aclFile, brokerAclFile(options.topicPrefix, server.username, accounts));
      const passwords = await replace(passwordFile, brokerPasswordFile(server, accounts));
      return acl || passwords;
    },
  };
}
