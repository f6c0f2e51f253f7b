const WEB_SCHEME = /^https?:\/\//i;

/**
 * Where an offline model's link opens (spec 01 §2): the link as entered, with 'https://' added when it has
 * no http(s) scheme; null when there is no link ('No Link Url'). Anything else becomes a host name behind
 * https, so a link can never run script (`javascript:`) in the portal's origin.
 */
export function offlineLinkHref(linkUrl: string | null | undefined): string | null {
  const link = linkUrl?.trim() ?? '';
  if (link === '') return null;
  return WEB_SCHEME.test(link) ? link : `https://${link.replace(/^\/+/, '')}`;
}
