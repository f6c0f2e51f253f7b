import * as z from 'zod/mini';

const envSchema = z.object({
  /** Time zone used until a company with its own time zone is selected. */
  VITE_DEFAULT_TIME_ZONE: z._default(z.string().check(z.minLength(1)), 'Asia/Bangkok'),
  /** Language shown before the user picks one. */
  VITE_DEFAULT_LANGUAGE: z._default(z.enum(['en', 'th']), 'en'),
});

const parsed = envSchema.parse(import.meta.env);

/** Build-time configuration of the web app, read once from `import.meta.env`. */
export const env = {
  defaultTimeZone: parsed.VITE_DEFAULT_TIME_ZONE,
  defaultLanguage: parsed.VITE_DEFAULT_LANGUAGE,
} as const;
