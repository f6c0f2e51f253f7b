import { z } from 'zod';

/** Every error the API answers carries a human-readable `detail`, shown as is by the clients. */
export const errorResponse = z
  .object({ detail: z.string(), code: z.string().optional() })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const uuid = z.uuid();

/** Calendar date as the spec stores it: YYYY-MM-DD. */
export const isoDate = z.iso.date();

/** The upload folders whose files image fields may point at (POST /api/v1/upload/{kind}). */
export type ImageUploadKind = 'companys' | 'profiles' | 'equipment-tags';

/**
 * An image URL as our own upload route answered it: `/api/v1/files/<kind>/<stored name>.png|.jpg`, never an
 * outside address, another folder or a path trick (issue 11). Every stored image URL field uses this.
 */
export const ownImageUrl = (kind: ImageUploadKind) =>
  z
    .string()
    .trim()
    .max(500)
    .regex(
      new RegExp(`^/api/v1/files/${kind}/[A-Za-z0-9][A-Za-z0-9_-]{0,159}\\.(png|jpg)$`),
      `Upload the image through /api/v1/upload/${kind} and use the url it answers.`,
    );

export const WEB_LINK_MESSAGE = 'Enter a web address (http:// or https://).';

const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
/** Schemes a browser runs or reads locally: never a link, even where `name:digits` could pass for host:port. */
const SCRIPT_SCHEME = /^(javascript|vbscript|data|file|blob|about|filesystem)\s*:/i;
/** Browsers drop tabs and line breaks inside a URL ('java\tscript:' is 'javascript:'); no web address has them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;

/**
 * Whether a link a person typed opens a web page: http(s) or no scheme (the web adds https://), and a host.
 * `javascript:1/alert(1)` would parse as host 'javascript', port 1 once https:// is added, yet a client that uses
 * the link as written runs it: script schemes are refused whatever follows them.
 */
export function isWebLink(link: string): boolean {
  if (CONTROL_OR_SPACE.test(link) || SCRIPT_SCHEME.test(link)) return false;
  const scheme = SCHEME.exec(link)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return false;
  try {
    const url = new URL(/^https?:\/\//i.test(link) ? link : `https://${link.replace(/^\/+/, '')}`);
    return url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A web link as it is stored and answered: with its scheme, `https://` added to one typed without. A client that uses
 * a stored link as written then always opens a web page: without a scheme, `name:1/…` would be read as a scheme of
 * its own (issue 23 item 14). Expects a link {@link isWebLink} accepted.
 */
export function withWebScheme(link: string): string {
  if (link === '' || /^https?:\/\//i.test(link)) return link;
  return `https://${link.replace(/^\/+/, '')}`;
}

/** A link field: a web address only (no `javascript:`, `data:`, `file:` …), so no client can be handed script. */
export const webLink = z
  .string()
  .trim()
  .max(2000)
  .refine((link) => link === '' || isWebLink(link), WEB_LINK_MESSAGE);
