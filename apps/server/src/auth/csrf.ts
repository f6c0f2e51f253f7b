import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-error.ts';

/**
 * The header our own clients send with every state-changing call. A page of another site cannot send a custom
 * header (or a JSON content type) without a CORS preflight, which this server never grants.
 */
export const CSRF_HEADER = 'x-sdp-csrf';

export const CROSS_SITE = 'Cross-site requests are refused.';
export const CSRF_HEADER_MISSING = 'Send this request with a JSON body or the header X-SDP-CSRF: 1.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * The cross-site request forgery check, an onRequest hook. A state-changing request (anything but GET, HEAD,
 * OPTIONS) to a route authenticated by the session cookie, or to a public sign-in route, is refused with 403 when
 * - the browser says it comes from another site or origin (`Sec-Fetch-Site` other than `same-origin`/`none`), or
 * - its `Origin` is neither PUBLIC_URL's origin nor the origin the request was addressed to (another port of the
 *   same host is another origin), or
 * - it carries neither a JSON content type nor the {@link CSRF_HEADER} header (body-less and multipart calls;
 *   non-browser clients without Origin pass with either).
 * Ingest-key routes (Authorization: Bearer, no cookie) are exempt.
 */
export function csrfGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const rule = request.routeOptions.config?.access;
    // Unknown routes answer 404 and ingest keys are not ambient credentials.
    if (!rule || rule.kind === 'ingestKey') return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw forbidden(CROSS_SITE);
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`)
      throw forbidden(CROSS_SITE);
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '') && request.headers[CSRF_HEADER] === undefined)
      throw forbidden(CSRF_HEADER_MISSING);
  };
}
