import type { SignInErrorCode } from '@sdp/contracts';
import * as client from 'openid-client';
import type { Db } from '../db/pool.ts';
import { createOidcRequestsRepository } from './oidc-requests.repository.ts';

interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  logoutRedirectUrl?: string;
}

export interface OidcIdentity {
  subject: string;
  email: string;
  name: string | null;
  idToken: string | null;
}

/** A failed sign-in: `code` goes to the browser, the message to the log only. */
export class OidcError extends Error {
  readonly code: SignInErrorCode;
  constructor(code: SignInErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Authorization code flow with PKCE against any OpenID Connect issuer. The state, verifier and nonce of a
 * started sign-in live in the database, so any instance can finish what another began.
 */
export function createOidcClient(settings: OidcSettings, publicUrl: string, db: Db) {
  const redirectUri = `${publicUrl}/auth/oidc/callback`;
  const requests = createOidcRequestsRepository(db);
  let discovered: Promise<client.Configuration> | null = null;

  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      const local = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      // Plain http only for an issuer on this machine (development and tests).
      const options =
        issuer.protocol === 'http:' && local ? { execute: [client.allowInsecureRequests] } : undefined;
      discovered = client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, options);
      // A failed discovery is retried at the next sign-in instead of being cached.
      discovered.catch(() => {
        discovered = null;
      });
    }
    return discovered;
  }

  return {
    async authorizationUrl(): Promise<string> {
      const config = await configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await requests.save({ state, nonce, codeVerifier });
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: settings.scopes,
          state,
          nonce,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /** Exchanges the code in the callback URL; the identity's e-mail must be verified by the issuer. */
    async finish(callbackPathAndQuery: string): Promise<OidcIdentity> {
      const config = await configuration();
      const currentUrl = new URL(callbackPathAndQuery, publicUrl);
      const state = currentUrl.searchParams.get('state');
      if (currentUrl.searchParams.get('error')) {
        throw new OidcError(
          'refused',
          `The identity provider refused the sign-in: ${currentUrl.searchParams.get('error_description') ?? currentUrl.searchParams.get('error')}`,
        );
      }
      if (!state) throw new OidcError('expired', 'The sign-in response has no state.');
      const pending = await requests.take(state);
      if (!pending) throw new OidcError('expired', 'The sign-in request expired or was already used.');
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcError('no-identity', 'The identity provider returned no identity.');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = claims.email_verified === true;
      let name = typeof claims.name === 'string' ? claims.name : null;
      if (!email && tokens.access_token) {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = info.email;
        verified = info.email_verified === true;
        name = name ?? info.name ?? null;
      }
      if (!email || !verified)
        throw new OidcError('unverified', 'The e-mail address is not verified by the identity provider.');
      return { subject: claims.sub, email, name, idToken: tokens.id_token ?? null };
    },

    /** Where to send the browser to end the issuer's session too, when the issuer supports it. */
    async endSessionUrl(idToken: string | null): Promise<string | null> {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      const parameters: Record<string, string> = {
        post_logout_redirect_uri: settings.logoutRedirectUrl ?? `${publicUrl}/logout/redirect`,
      };
      if (idToken) parameters.id_token_hint = idToken;
      return client.buildEndSessionUrl(config, parameters).toString();
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
