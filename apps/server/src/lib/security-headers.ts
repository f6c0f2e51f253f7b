import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * @fastify/helmet's options for every answer (the web app, the API, the Swagger UI at /api/docs):
 * - a Content-Security-Policy the built web app runs under: scripts only from us; inline styles allowed (MUI and
 *   emotion write `<style>` tags, Leaflet and Swagger UI set style attributes); images from us, `data:`/`blob:`
 *   and the map tile server (CSP_IMG_SOURCES); fetches to us and the place search (CSP_CONNECT_SOURCES);
 *   no plugins, no framing (`frame-ancestors 'none'` and X-Frame-Options DENY);
 * - `nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` (the tile server still sees our origin, as the
 *   OpenStreetMap tile policy asks);
 * - HSTS and upgrade-insecure-requests only when PUBLIC_URL is https (on plain http they would break the site).
 */
export function helmetOptions(config: {
  publicUrl: string;
  csp: { imgSources: string[]; connectSources: string[] };
}): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...config.csp.imgSources],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...config.csp.connectSources],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/** The header names of the framing rule (Content-Security-Policy's frame-ancestors and X-Frame-Options). */
interface HeaderReply {
  getHeader(name: string): unknown;
  header(name: string, value: string): unknown;
}

/**
 * Lets the portal's own pages frame this one answer (a report PDF in Customize Report's preview, issue 26 item 4):
 * `frame-ancestors 'self'` and X-Frame-Options SAMEORIGIN instead of 'none' / DENY. Other sites still cannot.
 */
export function allowSameOriginFraming(reply: HeaderReply) {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  reply.header('x-frame-options', 'SAMEORIGIN');
}
