// Thai glyphs bundled for machines without a Thai font; the files hold only the Thai subset, and the browser
// fetches one only when a Thai character reaches it in the theme's font list (English pages download none).
import '@fontsource/noto-sans-thai/thai-400.css';
import '@fontsource/noto-sans-thai/thai-500.css';
import '@fontsource/noto-sans-thai/thai-700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import { initI18n, loadLanguage, preferredLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { loadTimeZoneData } from './lib/time.ts';

const SIGN_OUT_PATH = '/logout/redirect';

const queryClient = createQueryClient({
  onUnauthorized: () => {
    // The session ended while the app was open: run the sign-out flow once, from wherever the user is.
    const { pathname } = router.state.location;
    if (pathname !== SIGN_OUT_PATH && !pathname.startsWith('/auth/')) void router.navigate(SIGN_OUT_PATH);
  },
});
const router = createAppRouter(queryClient);

// The session is asked for at once, beside the download of the page's chunk: the router renders the session guard
// only once the route's lazy chunk is in, which put /users/me (and everything after it) 0.5–0.7 s late.
// The browser's time-zone data (ICU) is loaded on its first zoned date, 25-50 ms on a phone that were part of the
// header's first render after the first paint (issue 29: blocking time); loaded here, it overlaps the session's
// request and the page's chunk, which are in flight.
if (!window.location.pathname.startsWith('/auth/')) {
  void queryClient.prefetchQuery(meQueryOptions());
  loadTimeZoneData();
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// Thai's dictionary is fetched (beside the page's chunk and the session) before the first render when Thai is the
// saved language, so the page never shows English first; English is bundled. Should the fetch fail, English.
loadLanguage(preferredLanguage())
  .catch(() => undefined)
  .then(() => {
    initI18n();
    const app = createRoot(root);
    startTransition(() =>
      app.render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  });
