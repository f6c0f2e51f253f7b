import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoading } from '../components/full-page-status.tsx';
import { createLoginLoader } from '../features/auth/routes/login.ts';
import { createLoginRedirectLoader } from '../features/auth/routes/login-redirect.ts';
import { createLogoutRedirectLoader } from '../features/auth/routes/logout-redirect.ts';
import { modelSummaryQueryOptions } from '../features/model-views/api/get-model-summary.ts';
import { loadTypeView } from '../features/model-views/type-view-chunks.ts';
import { modelQueryOptions } from '../features/models/api/get-model.ts';
import { HomeRedirect } from './home-redirect.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireSession } from './require-session.tsx';
import { RootRoute } from './root-route.tsx';
import type { RouteHandle } from './route-handle.ts';

const handle = (value: RouteHandle) => value;

/**
 * Routes of spec 01 §2. `/auth/*` is public; everything else sits behind the session guard. Pages load
 * as separate chunks so the first download stays small and charts or maps never ride along.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      element: <RootRoute />,
      hydrateFallbackElement: <FullPageLoading />,
      children: [
        {
          path: 'auth/login',
          handle: handle({ title: 'pages.signIn' }),
          lazy: async () => ({
            Component: (await import('../features/auth/pages/sign-in-page.tsx')).SignInPage,
          }),
        },
        {
          path: 'auth/invitation/:token',
          handle: handle({ title: 'pages.invitation' }),
          lazy: async () => ({
            Component: (await import('../features/auth/pages/invitation-page.tsx')).InvitationPage,
          }),
        },
        { path: 'auth/*', element: <Navigate to="/auth/login" replace /> },
        { path: 'login', loader: createLoginLoader(queryClient) },
        { path: 'login/redirect', loader: createLoginRedirectLoader(queryClient) },
        { path: 'logout/redirect', loader: createLogoutRedirectLoader(queryClient) },
        {
          element: <RequireSession />,
          children: [
            {
              element: <AppLayout />,
              children: [
                { index: true, element: <HomeRedirect /> },
                {
                  path: 'companies',
                  handle: handle({ title: 'pages.companies', drawer: 'hidden' }),
                  lazy: async () => ({
                    Component: (await import('../features/companies/pages/companies-page.tsx')).CompaniesPage,
                  }),
                },
                {
                  path: 'company/:id',
                  handle: handle({ title: 'pages.companyPage' }),
                  lazy: async () => ({
                    Component: (await import('../features/structure/pages/company-page.tsx')).CompanyPage,
                  }),
                },
                {
                  path: 'company/:id/alarms',
                  handle: handle({ title: 'faultEvents.listTitle' }),
                  lazy: async () => ({
                    Component: (await import('../features/fault-events/pages/company-alarms-page.tsx'))
                      .CompanyAlarmsPage,
                  }),
                },
                {
                  path: 'company/:id/members',
                  handle: handle({ title: 'pages.members' }),
                  lazy: async () => ({
                    Component: (await import('../features/members/pages/members-page.tsx')).MembersPage,
                  }),
                },
                {
                  path: 'company/:id/settings',
                  handle: handle({ title: 'pages.companySettings' }),
                  lazy: async () => ({
                    Component: (await import('../features/company-settings/pages/company-settings-page.tsx'))
                      .CompanySettingsPage,
                  }),
                },
                {
                  path: 'company/:id/audit',
                  handle: handle({ title: 'pages.auditLog' }),
                  lazy: async () => ({
                    Component: (await import('../features/audit/pages/audit-log-page.tsx')).AuditLogPage,
                  }),
                },
                {
                  path: 'setting/audit',
                  handle: handle({ title: 'pages.auditLog', drawer: 'hidden' }),
                  lazy: async () => ({
                    Component: (await import('../features/audit/pages/audit-log-page.tsx')).AuditLogPage,
                  }),
                },
                {
                  path: 'user/admin',
                  // Platform settings are not about one company, so there is no company panel.
                  handle: handle({ title: 'pages.admin', drawer: 'hidden' }),
                  lazy: async () => ({
                    Component: (await import('../features/admins/pages/admin-page.tsx')).AdminPage,
                  }),
                },
                {
                  path: 'setting/mail-outbox',
                  handle: handle({ title: 'pages.mailOutbox', drawer: 'hidden' }),
                  lazy: async () => ({
                    Component: (await import('../features/mail-outbox/pages/mail-outbox-page.tsx'))
                      .MailOutboxPage,
                  }),
                },
                {
                  path: 'setting/model/:id',
                  handle: handle({ title: 'pages.settingModel' }),
                  lazy: async () => ({
                    Component: (await import('../features/models/pages/setting-model-page.tsx'))
                      .SettingModelPage,
                  }),
                },
                {
                  path: 'model/:id',
                  handle: handle({ title: 'pages.modelView', drawer: 'closed' }),
                  // The model (its name is the page's title) and its summary (the status beside it) are asked for
                  // beside the download of the page's chunk, not after it (issue 29: the title was the mobile LCP,
                  // three request hops late).
                  loader: ({ params }) => {
                    if (params.id) {
                      const id = params.id;
                      // Once the model's answer names its type, that type's body is asked for (its own chunk), and
                      // an RVS model's machine diagram, the largest thing on a phone's first screen (its LCP), is
                      // fetched so it is in the browser's cache when the body draws it (issue 29).
                      void queryClient.prefetchQuery(modelQueryOptions(id)).then(() => {
                        const model = queryClient.getQueryData(modelQueryOptions(id).queryKey);
                        if (model) void loadTypeView(model.equipmentModelTypeId).catch(() => undefined);
                        const diagram = model?.settings.rvs_diagram_in?.diagram_url;
                        if (diagram) {
                          const image = new Image();
                          image.fetchPriority = 'high';
                          image.src = diagram;
                        }
                      });
                      void queryClient.prefetchQuery(modelSummaryQueryOptions(id));
                    }
                    return null;
                  },
                  lazy: async () => ({
                    Component: (await import('../features/models/pages/model-view-page.tsx')).ModelViewPage,
                  }),
                },
                { path: '*', handle: handle({ title: 'pages.notFound' }), element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
