import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createTestContext, seedTenants, type TestContext } from '../../test/harness.ts';

/**
 * A real OpenID Connect issuer (oidc-provider) on a loopback port. Its interaction step signs in whichever
 * account the test names, as a person typing their password at the issuer would.
 */
interface Account {
  email: string;
  email_verified: boolean;
  name: string;
}

const accounts: Record<string, Account> = {
  'sub-owner': { email: 'owner@acme.test', email_verified: true, name: 'Acme Owner' },
  'sub-unverified': { email: 'member@acme.test', email_verified: false, name: 'Unverified' },
  'sub-stranger': { email: 'stranger@nowhere.test', email_verified: true, name: 'Stranger' },
  'sub-invitee': { email: 'invitee@acme.test', email_verified: true, name: 'Invited Person' },
};

let issuerServer: Server;
let issuer: string;
let provider: Provider;
let nextAccount = 'sub-owner';
let ctx: TestContext;
const PUBLIC_URL = 'http://sdp.test';

beforeAll(async () => {
  issuerServer = createServer();
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'sdp',
        client_secret: 'sdp-secret-for-tests-only',
        redirect_uris: [`${PUBLIC_URL}/auth/oidc/callback`],
        post_logout_redirect_uris: [`${PUBLIC_URL}/logout/redirect`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts[sub];
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });
  const callback = provider.callback();
  issuerServer.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextAccount } },
        { mergeWithLastSubmission: false },
      );
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId ?? nextAccount,
      clientId: 'sdp',
    });
    grant.addOIDCScope('openid email profile');
    grant.addOIDCClaims(['email', 'email_verified', 'name']);
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  });

  ctx = await createTestContext({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'sdp',
    OIDC_CLIENT_SECRET: 'sdp-secret-for-tests-only',
    PUBLIC_URL,
  });
  await seedTenants(ctx.db);
});

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => issuerServer.close(resolve));
});

/** Follows the issuer's redirects with its cookies, as a browser would, until it sends us back to SDP. */
async function browseIssuer(start: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(PUBLIC_URL)) return url.slice(PUBLIC_URL.length);
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`issuer stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the issuer');
}

async function signInThroughIssuer(account: string) {
  nextAccount = account;
  const start = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const callbackPath = await browseIssuer(authorize.toString());
  expect(callbackPath).toMatch(/^\/auth\/oidc\/callback\?/);
  return { callbackPath, response: await ctx.app.inject({ method: 'GET', url: callbackPath }) };
}

describe('OpenID Connect sign-in', () => {
  it('tells the web that sign-in goes through the issuer and refuses local passwords', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/config' })).json().mode).toBe('oidc');
    const local = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'owner@acme.test', password: 'whatever' },
    });
    expect(local.statusCode).toBe(400);
  });

  it('signs in the user whose verified e-mail matches and lands on /login/redirect', async () => {
    const { response } = await signInThroughIssuer('sub-owner');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login/redirect');
    const cookie = response.cookies.find((candidate) => candidate.name === 'sdp_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { cookie: `sdp_session=${cookie?.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'owner@acme.test',
      companies: [{ title: 'Acme Power', role: 'owner' }],
    });
    const linked = await ctx.db
      .selectFrom('users')
      .select('oidc_subject')
      .where('email', '=', 'owner@acme.test')
      .executeTakeFirstOrThrow();
    expect(linked.oidc_subject).toBe('sub-owner');
  });

  it('refuses an unverified e-mail and sends the browser to sign-in with a code for the reason', async () => {
    const { response } = await signInThroughIssuer('sub-unverified');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/login?error=unverified');
    expect(response.cookies.find((candidate) => candidate.name === 'sdp_session')?.value ?? '').toBe('');
  });

  it('refuses an identity with no SDP account', async () => {
    const { response } = await signInThroughIssuer('sub-stranger');
    expect(response.headers.location).toBe('/auth/login?error=no-account');
  });

  it("never shows the issuer's text: a crafted error_description becomes the code 'refused' (issue 23 item 13)", async () => {
    const crafted = await ctx.app.inject({
      method: 'GET',
      url: `/auth/oidc/callback?error=access_denied&error_description=${encodeURIComponent('Your account is locked: call +1 555 0100 or visit evil.example')}`,
    });
    expect(crafted.statusCode).toBe(302);
    expect(crafted.headers.location).toBe('/auth/login?error=refused');
  });

  it('refuses a replayed callback: each sign-in request works once', async () => {
    const { callbackPath, response } = await signInThroughIssuer('sub-owner');
    expect(response.headers.location).toBe('/login/redirect');
    const replay = await ctx.app.inject({ method: 'GET', url: callbackPath });
    expect(replay.headers.location).toBe('/auth/login?error=expired');
  });

  it('activates an invited user who signs in through the issuer', async () => {
    const owner = await signInThroughIssuer('sub-owner');
    const cookie = `sdp_session=${owner.response.cookies.find((c) => c.name === 'sdp_session')?.value}`;
    const acme = (
      await ctx.db
        .selectFrom('companies')
        .select('id')
        .where('initial_code', '=', 'ACME')
        .executeTakeFirstOrThrow()
    ).id;
    const invite = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/companies/${acme}/members/invite`,
      headers: { cookie },
      payload: { email: 'invitee@acme.test', role: 'MEMBER' },
    });
    expect(invite.statusCode).toBe(201);
    const { response } = await signInThroughIssuer('sub-invitee');
    expect(response.headers.location).toBe('/login/redirect');
    const membership = await ctx.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.status', 'u.status as userStatus'])
      .where('u.email', '=', 'invitee@acme.test')
      .executeTakeFirstOrThrow();
    expect(membership).toEqual({ status: 'active', userStatus: 'active' });
  });

  it("ends the issuer's session on sign-out", async () => {
    const { response } = await signInThroughIssuer('sub-owner');
    const cookie = `sdp_session=${response.cookies.find((c) => c.name === 'sdp_session')?.value}`;
    // A GET changes nothing (issue 23 item 12): it is the web app's page, and the session stays.
    const link = await ctx.app.inject({ method: 'GET', url: '/auth/oidc/logout', headers: { cookie } });
    expect(link.headers['set-cookie']).toBeUndefined();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })).statusCode,
    ).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/auth/oidc/logout',
      headers: { cookie, ...CSRF },
    });
    expect(out.statusCode).toBe(200);
    const target = new URL(out.json().url as string);
    expect(target.origin).toBe(issuer);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/logout/redirect`);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});
