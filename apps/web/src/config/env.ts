import * as z from 'zod/mini';

const envSchema = z.object({
  /** Time zone used until a company with its own time zone is selected. */
  VITE_DEFAULT_TIME_ZONE: z._default(z.string().check(z.minLength(1)), 'Asia/Bangkok'),
  /** Language shown before the user picks one. */
  VITE_DEFAULT_LANGUAGE: z._default(z.enum(['en', 'th']), 'en'),
  /** Map tiles ({z}/{x}/{y}) for the location picker and the equipment map. */
  VITE_MAP_TILE_URL: z._default(
    z.string().check(z.minLength(1)),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  ),
  /** Place search answering like Nominatim's `/search?format=json&q=` (lat, lon, display_name). */
  VITE_GEOCODER_URL: z._default(
    z.string().check(z.minLength(1)),
    'https://nominatim.openstreetmap.org/search',
  ),
});

const parsed = envSchema.parse(import.meta.env);

/** Build-time configuration of the web app, read once from `import.meta.env`. */
export const env = {
  defaultTimeZone: parsed.VITE_DEFAULT_TIME_ZONE,
  defaultLanguage: parsed.VITE_DEFAULT_LANGUAGE,
  mapTileUrl: parsed.VITE_MAP_TILE_URL,
  geocoderUrl: parsed.VITE_GEOCODER_URL,
} as const;
