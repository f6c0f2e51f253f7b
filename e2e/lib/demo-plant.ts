import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiSession, apiSession } from './api.ts';
import { type RunningServer, startServer } from './server.ts';
import { demoAccounts } from './sign-in.ts';

/** How long a journey waits for the streaming plant's history and analysis. */
export const SEED_TIMEOUT_MS = 240_000;

type TreeNode = { children: TreeNode[]; equipmentModels?: { id: string; title: string }[] };

/** The id of the model titled `title` anywhere in a structure tree. */
export function findModel(node: TreeNode, title: string): string | undefined {
  const own = node.equipmentModels?.find((model) => model.title === title);
  return own?.id ?? node.children.map((child) => findModel(child, title)).find(Boolean);
}

export interface DemoPlant {
  server: RunningServer;
  owner: ApiSession;
  /** Model ids by title, once `ready` answered true for them. */
  models: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * The streaming demo plant for a dashboard journey: a server of its own (the shared journey server has no plant)
 * with three days of history (the demo timeline ends on day 90 whatever the history length, so every fault is
 * there), or the one at SDP_E2E_PLANT_URL. Journeys of this process then talk to it. Waits until every titled
 * model exists and `ready` (given their ids, in the same order) answers true.
 */
export async function startDemoPlant(
  titles: readonly string[],
  ready: (owner: ApiSession, ids: string[]) => Promise<boolean>,
): Promise<DemoPlant> {
  const running = process.env.SDP_E2E_PLANT_URL;
  const server: RunningServer = running
    ? { baseUrl: running, stop: async () => {} }
    : await startServer(path.resolve(import.meta.dirname, '../..'), {
        SDP_DEMO_STREAM: '1',
        SDP_DEMO_HISTORY_DAYS: '3',
      });
  process.env.SDP_E2E_BASE_URL = server.baseUrl;
  const owner = await apiSession(demoAccounts.owner);
  const stop = async () => {
    await owner.dispose();
    await server.stop();
  };
  const deadline = Date.now() + SEED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const tree = await owner.call<TreeNode>(
      'GET',
      `/api/v1/structure-item-company?company_id=${owner.companyId}`,
    );
    const ids = titles.map((title) => findModel(tree, title));
    if (ids.every(Boolean) && (await ready(owner, ids as string[])))
      return {
        server,
        owner,
        models: Object.fromEntries(titles.map((title, i) => [title, ids[i] as string])),
        stop,
      };
    await sleep(2_000);
  }
  await stop();
  throw new Error(`${titles.join(', ')} of the demo plant did not have their data in time.`);
}
