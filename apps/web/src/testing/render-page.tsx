import type { MeResponse } from '@sdp/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { SessionContext } from '../lib/session.tsx';

/** A signed-in user for page tests; an owner of company `c1` unless overridden. */
export function testMe(overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Olivia Owner',
    email: 'owner@example.com',
    role: 'USER',
    image: null,
    profileImageUrl: null,
    status: 'active',
    companies: [],
    selectedCompanyId: 'c1',
    permissions: ['ViewCompany', 'InviteMemberToCompany', 'RemoveMemberFromCompany'],
    ...overrides,
  };
}

type RenderPageOptions = {
  /** The route pattern the page sits at, e.g. '/company/:id/members'. */
  path: string;
  /** Where the test starts, e.g. '/company/c1/members?page=2'. */
  at: string;
  /** The signed-in user; none for public pages. */
  me?: MeResponse;
  /** Other routes the page may navigate to, shown as plain text. */
  elsewhere?: string[];
};

/** Renders a page as the app does (query client, alerts, session, router) and answers its router. */
export function renderPage(page: ReactNode, { path, at, me, elsewhere = [] }: RenderPageOptions) {
  const element = me ? (
    <SessionContext
      value={{ me, selectCompany: vi.fn(async () => me), refreshMe: vi.fn(async () => undefined) }}
    >
      {page}
    </SessionContext>
  ) : (
    page
  );
  const router = createMemoryRouter(
    [{ path, element }, ...elsewhere.map((other) => ({ path: other, element: <p>Arrived at {other}</p> }))],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return router;
}
