import dayjs from 'dayjs';
import 'dayjs/locale/th';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '../config/env.ts';
import { en } from './locales/en.ts';
import type { TranslationTree } from './locales/translation-tree.ts';
import { preferenceKeys, readPreference, writePreference } from './preferences.ts';

export const languages = ['en', 'th'] as const;
export type Language = (typeof languages)[number];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}

function parseLanguage(raw: string): Language | undefined {
  return isLanguage(raw) ? raw : undefined;
}

/**
 * Dictionaries at hand. English is bundled (the default, and every key's fallback); Thai, 107 kB of source, is fetched
 * only when it is the chosen language (issue 29: it was in every user's first download): `main.tsx` loads it before
 * the first render when the saved preference is Thai, so a Thai user never sees English first.
 */
const dictionaries: Partial<Record<Language, TranslationTree>> = { en };

const fetchDictionary: Record<Exclude<Language, 'en'>, () => Promise<TranslationTree>> = {
  th: () => import('./locales/th.ts').then((module) => module.th),
};

/** Makes a dictionary available (the test setup registers Thai at once; the app fetches it via `loadLanguage`). */
export function registerLanguage(language: Language, translation: TranslationTree): void {
  dictionaries[language] = translation;
  if (i18next.isInitialized) i18next.addResourceBundle(language, 'translation', translation, true, true);
}

/** Fetches a language's dictionary unless it is already here, and for Thai its glyphs. */
export async function loadLanguage(language: Language): Promise<void> {
  if (dictionaries[language] || language === 'en') return;
  const [translation] = await Promise.all([fetchDictionary[language](), thaiGlyphsReady()]);
  registerLanguage(language, translation);
}

/**
 * The bundled Thai font (main.tsx; files fetched only when Thai text needs them) in the weights the theme uses, at
 * most 3 s: Thai text laid out before its font had arrived stayed in empty boxes in Chromium on a machine without
 * a Thai system font (seen on the model page's header, drawn early since issue 29's work).
 */
function thaiGlyphsReady(): Promise<unknown> {
  if (typeof document === 'undefined' || !document.fonts?.load) return Promise.resolve();
  const weights = [400, 500, 700].map((weight) =>
    document.fonts.load(`${weight} 16px "Noto Sans Thai"`, 'ไทย'),
  );
  return Promise.race([Promise.all(weights), new Promise((resolve) => setTimeout(resolve, 3000))]).catch(
    () => undefined,
  );
}

/** The language to start in: the saved preference, else the configured default. */
export function preferredLanguage(): Language {
  return readPreference(preferenceKeys.language, parseLanguage, env.defaultLanguage);
}

/**
 * Starts i18next in the preferred language (English when that language's dictionary has not been loaded: load it
 * first with `loadLanguage(preferredLanguage())`).
 */
export function initI18n(): typeof i18next {
  const preferred = preferredLanguage();
  const lng = dictionaries[preferred] ? preferred : 'en';
  const resources = Object.fromEntries(
    Object.entries(dictionaries).map(([language, translation]) => [language, { translation }]),
  );
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    // Resources are in memory, so init completes synchronously and the first render is translated.
    initAsync: false,
  });
  document.documentElement.lang = lng;
  dayjs.locale(lng);
  return i18next;
}

function applyLanguage(language: Language): void {
  writePreference(preferenceKeys.language, language);
  document.documentElement.lang = language;
  // Month and day names in every date the portal writes follow the language (issue 27 item 5: '26 พ.ย. 2026').
  dayjs.locale(language);
  void i18next.changeLanguage(language);
}

/**
 * Switches the interface language and remembers the choice: at once when its dictionary is here, else once it has
 * been fetched (the page stays in the current language meanwhile, and keeps it if the fetch fails: `onError` says
 * why). Returns nothing, so a test's `act(() => setLanguage('th'))` stays synchronous.
 */
export function setLanguage(language: Language, onError?: (error: unknown) => void): void {
  if (dictionaries[language]) {
    applyLanguage(language);
    return;
  }
  loadLanguage(language).then(
    () => applyLanguage(language),
    (error: unknown) => onError?.(error),
  );
}

/** The active language, narrowed to the ones the portal ships. */
export function currentLanguage(resolved: string | undefined): Language {
  return resolved && isLanguage(resolved) ? resolved : 'en';
}
