import type { UserLanguageRequest } from '@sdp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** Keeps the language the user reads the portal in on the server: their mails are written in it (issue 27 item 5). */
export function saveLanguage(language: UserLanguageRequest['language']): Promise<null> {
  const body: UserLanguageRequest = { language };
  return apiClient.put<null>('/api/v1/users/me/language', body);
}

/**
 * Sends the interface language when a user's session starts and whenever they switch it (the settings menu, or
 * the sign-in page before), so the server never writes to them in a language they did not choose. A failure is
 * left alone: the next switch or sign-in sends it again.
 */
export function useKeepLanguage(userId: string | undefined) {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  useEffect(() => {
    if (userId) void saveLanguage(language).catch(() => undefined);
  }, [userId, language]);
}
