import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`), keyed by source path. */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type WebManifest = Record<string, ManifestChunk>;

const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const MODEL_PAGE = new RegExp(`^/model/${UUID}/?$`);

/**
 * The pages people land on (issue 29): each page's code (its route's lazy modules, by source path in
 * `apps/web/src`) and the calls its first screen makes, in exactly the form the web app makes them. The browser
 * starts all of them while it is still downloading the app's main file, instead of one round trip after another
 * once that file has run. A phone on a slow network saw the model page's name about a second later than it needed
 * to. Calls are only hinted to a browser that holds a session.
 */
export const LANDINGS: {
  pattern: RegExp;
  modules: string[];
  calls: (id: string) => string[];
}[] = [
  {
    pattern: /^\/auth\/login\/?$/,
    modules: ['src/features/auth/pages/sign-in-page.tsx'],
    calls: () => [],
  },
  {
    pattern: /^\/companies\/?$/,
    modules: ['src/features/companies/pages/companies-page.tsx'],
    calls: () => ['/api/v1/companies?deleted=exclude'],
  },
  {
    pattern: new RegExp(`^/company/${UUID}/?$`),
    modules: ['src/features/structure/pages/company-page.tsx'],
    calls: (id) => [
      `/api/v1/companies/${id}/dashboard`,
      `/api/v1/model_summary/overall_status?company_id=${id}`,
    ],
  },
  {
    pattern: new RegExp(`^/company/${UUID}/alarms/?$`),
    modules: ['src/features/fault-events/pages/company-alarms-page.tsx'],
    calls: () => [],
  },
  {
    pattern: MODEL_PAGE,
    modules: [
      'src/features/models/pages/model-view-page.tsx',
      'src/features/models/pages/model-view-body.tsx',
    ],
    calls: (id) => [`/api/v1/equipment-models/${id}`, `/api/v1/equipment-models/${id}/summary`],
  },
];

/**
 * A model page's body is its type's own chunk (the web app's `type-view-chunks.ts`), which the browser can only ask
 * for once the model's answer names the type, two round trips after the page's main file. The RVS body holds a
 * phone's largest element, the machine diagram (its LCP, four round trips deep), so for an RVS model the server,
 * which knows the type already, names that chunk, the machine status it draws first and the diagram.
 *
 * The other types' largest element is the model's name in the header. Their bodies are not hinted: fetched beside
 * the main file, a body was ready as the name arrived and its render ran before the name was painted (issue 29,
 * measured on the MCA page: phone Performance 0.73 without the hint, 0.69–0.71 with it, TBT 295 → 391–439 ms).
 */
export const RVS_BODY = {
  typeId: 5,
  module: 'src/features/model-views/rvs/rvs-view.tsx',
  calls: (id: string) => [`/api/v1/rvs-failure-mode/overall-failure-mode/${id}`],
};

/** What the server read of a model page's model, for the person asking: its type and its machine diagram. */
export interface LandingModel {
  typeId: number;
  diagramUrl: string | null;
}

/** The model id of a model page's path; null for any other path. */
export function modelPageId(pathname: string): string | null {
  return MODEL_PAGE.exec(pathname)?.[1] ?? null;
}

/** A stored file the app serves itself, safe to write into an attribute as it is. */
const SERVED_FILE = /^\/api\/v1\/files\/[\w./-]+$/;

/** Asked for on every page of a signed-in person by the app's frame (session, sign-in settings). */
const SESSION_CALLS = ['/api/v1/users/me', '/auth/config'];
const PUBLIC_CALLS = ['/auth/config'];

/**
 * The `<link>` tags that let the browser fetch a landing page's code and first data at once: `modulepreload` for
 * the page's chunks (and the chunks they import) that the entry does not already load, `preload as=fetch` for its
 * calls (same-origin, so the app's own `fetch` with the session cookie takes the preloaded answer). Empty for any
 * other path or without a manifest. A model page's `model`, when the server could read it for the person and it is an
 * RVS model, adds the RVS body's chunk, its first call and the machine diagram.
 */
export function landingHints(
  pathname: string,
  manifest: WebManifest | null,
  signedIn: boolean,
  model: LandingModel | null = null,
): string {
  const landing = LANDINGS.map((entry) => ({ entry, match: entry.pattern.exec(pathname) })).find(
    (m) => m.match,
  );
  if (!landing) return '';
  const id = landing.match?.[1] ?? '';
  const type = model?.typeId === RVS_BODY.typeId ? RVS_BODY : null;
  const modules = type ? [...landing.entry.modules, type.module] : landing.entry.modules;
  const links: string[] = [];
  if (manifest) {
    const loaded = new Set<string>();
    const walk = (key: string, into: Set<string>) => {
      if (into.has(key) || !manifest[key]) return;
      into.add(key);
      for (const imported of manifest[key].imports ?? []) walk(imported, into);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, loaded);
    const wanted = new Set<string>();
    for (const module of modules) walk(module, wanted);
    for (const key of wanted) {
      if (!loaded.has(key))
        links.push(`<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`);
    }
  }
  const calls = signedIn
    ? [...SESSION_CALLS, ...landing.entry.calls(id), ...(type?.calls(id) ?? [])]
    : PUBLIC_CALLS;
  for (const call of calls) links.push(`<link rel="preload" as="fetch" crossorigin href="${call}">`);
  // The diagram is drawn as a plain <img> (no crossorigin), so it is preloaded as one, at the priority it asks for.
  if (type && model?.diagramUrl && SERVED_FILE.test(model.diagramUrl)) {
    links.push(`<link rel="preload" as="image" fetchpriority="high" href="${model.diagramUrl}">`);
  }
  return links.join('');
}

/**
 * A file of the build read through `parse`, again whenever it changes on disk (a rebuild while the server runs);
 * null while it is missing or unreadable.
 */
export function builtFile<T>(file: string, parse: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, value: parse(readFileSync(file, 'utf8')) };
      return cached.value;
    } catch {
      return null;
    }
  };
}

/** The build's manifest; null when the build wrote none. */
export function manifestReader(webDist: string): () => WebManifest | null {
  return builtFile(path.join(webDist, '.vite', 'manifest.json'), (text) => JSON.parse(text) as WebManifest);
}
