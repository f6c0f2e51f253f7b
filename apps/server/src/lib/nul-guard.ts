import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its body for NUL itself (ingest: per row, so one bad row does not sink a batch). */
    bodyNulCheckedByRoute?: boolean;
  }
}

/** Where the first string (value or key) holding a NUL character is, as `body.points.3.tag`; null when none. */
export function findNul(value: unknown, root: string): string | null {
  // Iterative: a deeply nested body must not exhaust the stack.
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [item, path] = stack.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) stack.push([item[index], `${path}.${index}`]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        const childPath = `${path}.${key.replaceAll('\0', '\\0')}`;
        if (key.includes('\0')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store a NUL character in text: every JSON body, query string and path parameter holding one is
 * refused with 400 naming the field, before any route sees it. Bodies that are not JSON (CSV, files) are their
 * routes' to check.
 */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const where =
      findNul(request.params, 'params') ??
      findNul(request.query, 'querystring') ??
      (typeof request.body === 'object' && !request.routeOptions.config.bodyNulCheckedByRoute
        ? findNul(request.body, 'body')
        : null);
    if (where) throw badRequest(`${where}: must not contain a NUL character.`);
  });
}
