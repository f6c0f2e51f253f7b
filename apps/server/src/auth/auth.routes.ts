import {
  authConfigResponse,
  errorResponse,
  loginRequest,
  loginResponse,
  oidcLogoutResponse,
  type SignInErrorCode,
} from '@sdp/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.ts';
import { access, SESSION_COOKIE } from './access.ts';
import { type AuthService, TooManyAttempts } from './auth.service.ts';
import { type OidcClient, OidcError } from './oidc.ts';

/**
 * What the OpenID Connect sign-in needs of accounts and invitations. auth/ imports no module: modules/users and
 * modules/members implement this and app.ts passes it in.
 */
export interface OidcAccounts {
  findByEmail(email: string): Promise<{ id: string } | undefined>;
  linkOidcSubject(userId: string, subject: string): Promise<void>;
  /** Signing in through the issuer is how an invited user accepts: their open invitations activate. */
  acceptInvitations(userId: string): Promise<void>;
}

/** The session cookie's settings, shared by every route that signs somebody in or out. */
export interface SessionCookieOptions {
  secureCookies: boolean;
  sessionTtlMinutes: number;
}

export function setSessionCookie(reply: FastifyReply, token: string, options: SessionCookieOptions) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure under an https PUBLIC_URL, and whenever the request came over https (directly, or through a proxy
    // that TRUST_PROXY names).
    secure: options.secureCookies || reply.request.protocol === 'https',
    maxAge: options.sessionTtlMinutes * 60,
  });
}

/** Opens a session for a user who has proved who they are (an accepted invitation) and sets its cookie. */
export function sessionSignIn(service: AuthService, options: SessionCookieOptions) {
  return async (userId: string, reply: FastifyReply) => {
    const { token, ...result } = await service.openSession(userId, null);
    setSessionCookie(reply, token, options);
    return result;
  };
}

interface Options extends SessionCookieOptions {
  service: AuthService;
  accounts: OidcAccounts;
  oidc: OidcClient | null;
  reportIssueUrl: string | null;
}

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const { service, oidc } = options;

  function clearSessionCookie(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies || reply.request.protocol === 'https',
    });
  }

  app.get(
    '/auth/config',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary: 'How this portal signs people in',
        response: { 200: authConfigResponse },
      },
    },
    async () => ({
      mode: oidc ? ('oidc' as const) : ('local' as const),
      reportIssueUrl: options.reportIssueUrl,
    }),
  );

  app.post(
    '/auth/login',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a local account; sets the HttpOnly session cookie',
        body: loginRequest,
        response: {
          200: loginResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (oidc)
        throw new HttpError(400, 'This portal signs in through your organisation: use /auth/oidc/start.');
      const { token, ...result } = await service
        .loginWithPassword(request.body.email, request.body.password, request.ip)
        .catch((error: unknown) => {
          if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        });
      setSessionCookie(reply, token, options);
      return result;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary: 'End the session and clear its cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  if (!oidc) return;

  app.get(
    '/auth/oidc/start',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary: 'Start the OpenID Connect code flow (redirects to the issuer)',
        response: { 302: z.null(), 502: errorResponse },
      },
    },
    async (_request, reply) => {
      try {
        return reply.redirect(await oidc.authorizationUrl());
      } catch (error) {
        app.log.error({ error }, 'OIDC discovery failed');
        throw new HttpError(502, 'The identity provider cannot be reached. Please try again later.');
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary:
          'Finish the OpenID Connect code flow; redirects to /login/redirect, or to the sign-in page with ?error=<code> (a fixed code, never text)',
        querystring: z.looseObject({}),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      try {
        const identity = await oidc.finish(request.url);
        const user = await options.accounts.findByEmail(identity.email);
        if (!user) throw new OidcError('no-account', 'There is no SDP account for this e-mail address.');
        await options.accounts.linkOidcSubject(user.id, identity.subject);
        await options.accounts.acceptInvitations(user.id);
        const { token } = await service.openSession(user.id, identity.idToken);
        setSessionCookie(reply, token, options);
        return reply.redirect('/login/redirect');
      } catch (error) {
        request.log.warn({ error }, 'OIDC sign-in failed');
        const code: SignInErrorCode = error instanceof OidcError ? error.code : 'failed';
        clearSessionCookie(reply);
        return reply.redirect(`/auth/login?error=${code}`);
      }
    },
  );

  // A POST under the CSRF rule (issue 23 item 12): as a GET, any page could sign a visitor out with a link.
  app.post(
    '/auth/oidc/logout',
    {
      config: { access: access.public() },
      schema: {
        tags: ['auth'],
        summary:
          "End the session; answers where the browser goes next to end the issuer's session too (or /logout/redirect)",
        response: { 200: oidcLogoutResponse },
      },
    },
    async (request, reply) => {
      const session = await service.logout(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply);
      const target = await oidc.endSessionUrl(session?.idToken ?? null).catch(() => null);
      return { url: target ?? '/logout/redirect' };
    },
  );
};
