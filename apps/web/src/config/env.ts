// Read without zod (issue 29: this module was the first download's only user of zod, which brought its core, about
// 16 kB gzip, into every page's initial JavaScript). The rules are zod's were: a value left unset takes its default;
// a value set must be a non-empty text (or one of the languages), else the app stops at start with the reason.
const source = import.meta.env as Record<string, unknown>;

function text(name: string, fallback: string): string {
  const value = source[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.length === 0) throw new Error(`${name} must be a non-empty text`);
  return value;
}

function oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const value = text(name, fallback);
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${name} must be one of ${allowed.join(', ')}, not '${value}'`);
  return value as T;
}

/** Build-time configuration of the web app, read once from `import.meta.env`. */
export const env = {
  /** Time zone used until a company with its own time zone is selected. */
  defaultTimeZone: text('VITE_DEFAULT_TIME_ZONE', 'Asia/Bangkok'),
  /** Language shown before the user picks one. */
  defaultLanguage: oneOf('VITE_DEFAULT_LANGUAGE', ['en', 'th'] as const, 'en'),
  /** Map tiles ({z}/{x}/{y}) for the location picker and the equipment map. */
  mapTileUrl: text('VITE_MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /** Place search answering like Nominatim's `/search?format=json&q=` (lat, lon, display_name). */
  geocoderUrl: text('VITE_GEOCODER_URL', 'https://nominatim.openstreetmap.org/search'),
} as const;
