import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

/**
 * The MQTT broker the ingestion tests talk to: MQTT_TEST_URL when set, else the machine's broker at 127.0.0.1:1883
 * (Mosquitto; SDP speaks MQTT 5, which no broker on npm implements). Null when there is none: the MQTT tests are then
 * skipped with a message, so `npm install && npm test` passes on a machine with only Node and npm. On CI
 * (CI=true) they always run, so a missing broker fails the run instead of hiding it.
 */
export async function testBrokerUrl(): Promise<string | null> {
  if (process.env.MQTT_TEST_URL) return process.env.MQTT_TEST_URL;
  if (process.env.CI === 'true' || (await answers(1883))) return 'mqtt://127.0.0.1:1883';
  console.warn('MQTT tests skipped: no broker at 127.0.0.1:1883 (install mosquitto or set MQTT_TEST_URL)');
  return null;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Whether the Mosquitto binary and openssl are here for the secure-broker test (it runs its own TLS Mosquitto with
 * password and ACL files). On CI (CI=true) the test always runs, so a machine without them fails rather than skips.
 */
export function mosquittoAvailable(): boolean {
  if (process.env.CI === 'true') return true;
  const has = (command: string, arg: string) => !spawnSync(command, [arg], { stdio: 'ignore' }).error;
  const available = has('mosquitto', '-h') && has('openssl', 'version');
  if (!available) console.warn('Secure MQTT broker test skipped: mosquitto or openssl is not installed');
  return available;
}
