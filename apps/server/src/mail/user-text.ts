/**
 * Text a person typed (a name, a title, a comment, an alarm message) as a mail may carry it (issue 23 item 13).
 * Mail clients turn anything that looks like an address into a link, so no list of "bad" domains can keep a typed
 * `evil.ru/login` from becoming one; instead every piece of user-given text is neutralised the same way:
 * - control and invisible format characters (bidi overrides, zero-width joiners …) become spaces;
 * - whatever looks like a web or mail address is defanged, as security advisories write them: `https[:]//`,
 *   `www[.]`, `evil[.]ru`, `10[.]0[.]0[.]1`, so no client links it (the words stay readable);
 * - `oneLine` folds line breaks (names, titles, subjects); `maxLength` cuts with an ellipsis.
 * HTML bodies then escape the result ({@link mailHtml}). Links the server writes itself (ours) are not user text and
 * are never passed through here.
 */
export function mailText(text: string, options: { oneLine?: boolean; maxLength?: number } = {}): string {
  let safe = text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, (c) => (c === '\n' ? c : ' '))
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/\b(www)[.\u3002\uFF0E\uFF61]/gi, '$1[.]')
    // A dot between a letter or digit and two or more letters: a domain (evil.ru, xn--80ak6aa92e.com, a@b.co.th).
    .replace(/(?<=[\p{L}\p{N}_-])[.\u3002\uFF0E\uFF61](?=(?:xn--)?\p{L}{2,})/gu, '[.]')
    .replace(/\b(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\b/g, '$1[.]$2[.]$3[.]$4');
  safe = options.oneLine ? safe.replace(/\s+/g, ' ').trim() : safe.replace(/ +\n/g, '\n').trim();
  const max = options.maxLength;
  if (max !== undefined && [...safe].length > max) safe = `${[...safe].slice(0, max - 1).join('')}…`;
  return safe;
}

/** HTML-escapes text for a mail body or attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** User-given text for an HTML mail body: neutralised ({@link mailText}), then escaped. */
export function mailHtml(text: string, options: { oneLine?: boolean; maxLength?: number } = {}): string {
  return escapeHtml(mailText(text, options));
}
