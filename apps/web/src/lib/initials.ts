/** Up to two initials of a name or title, for avatars without an image ('Demo Plant' → 'DP', 'Acme' → 'AC'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters =
    last === undefined ? Array.from(first).slice(0, 2) : [Array.from(first)[0], Array.from(last)[0]];
  return letters.join('').toUpperCase();
}
