import type { MeResponse, UserLanguageRequest } from '@sdp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { authKeys } from './keys.ts';

/** Keeps the language the user reads the portal in on the server: their mails are written in it (issue 27 item 5). */
export function saveLanguage(language: UserLanguageRequest['language']): Promise<null> {
  const body: UserLanguageRequest = { language };
  return apiClient.put<null>('/api/v1/users/me/language', body);
}

/**
 * Sends the interface language when a user's session starts and whenever they switch it (the settings menu, or
 * the sign-in page before), so the server never writes to them in a language they did not choose. Only when it
 * differs from the one the server keeps (`language` of /users/me): sent on every page load, it was a write per
 * page view. A failure is left alone: the next switch or page load sends it again.
 */
export function useKeepLanguage(me: Pick<MeResponse, 'id' | 'language'> | undefined) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const language = currentLanguage(i18n.resolvedLanguage);
  const userId = me?.id;
  const kept = me?.language;
  useEffect(() => {
    if (!userId || kept === language) return;
    saveLanguage(language).then(
      () =>
        queryClient.setQueryData<MeResponse>(authKeys.me(), (current) =>
          current?.id === userId ? { ...current, language } : current,
        ),
      () => undefined,
    );
  }, [userId, kept, language, queryClient]);
}
