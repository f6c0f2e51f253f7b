import dayjs from 'dayjs';
import 'dayjs/locale/th';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { env } from '../config/env.ts';
import { en } from './locales/en.ts';
import { th } from './locales/th.ts';
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

/** Starts i18next with English and Thai; the language is the saved preference, else the configured default. */
export function initI18n(): typeof i18next {
  const lng = readPreference(preferenceKeys.language, parseLanguage, env.defaultLanguage);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, th: { translation: th } },
    lng,
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    // Resources are bundled, so init completes synchronously and the first render is translated.
    initAsync: false,
  });
  document.documentElement.lang = lng;
  dayjs.locale(lng);
  return i18next;
}

/** Switches the interface language and remembers the choice. */
export function setLanguage(language: Language): void {
  writePreference(preferenceKeys.language, language);
  document.documentElement.lang = language;
  // Month and day names in every date the portal writes follow the language (issue 27 item 5: '26 พ.ย. 2026').
  dayjs.locale(language);
  void i18next.changeLanguage(language);
}

/** The active language, narrowed to the ones the portal ships. */
export function currentLanguage(resolved: string | undefined): Language {
  return resolved && isLanguage(resolved) ? resolved : 'en';
}
