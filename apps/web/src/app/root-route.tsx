import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { useRouteHandle } from './route-handle.ts';

/**
 * Root of every route: keeps `document.title` equal to the page title in the current language and shows a
 * thin progress bar while the next route (its code or its redirect) is loading.
 */
export function RootRoute() {
  const { t } = useTranslation();
  const { title } = useRouteHandle();
  const navigation = useNavigation();
  const text = title ? t(title) : t('app.shortName');

  useEffect(() => {
    document.title = text;
  }, [text]);

  return (
    <>
      {navigation.state === 'idle' ? null : (
        <LinearProgress
          aria-label={t('common.loading')}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
        />
      )}
      <Outlet />
    </>
  );
}
