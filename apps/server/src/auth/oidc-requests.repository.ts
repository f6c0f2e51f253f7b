import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

/** How long a started sign-in may take at the issuer before its state is forgotten. */
const REQUEST_LIFETIME_MINUTES = 10;

/** Sign-ins started at the issuer: the state, nonce and PKCE verifier to check the callback against, used once. */
export function createOidcRequestsRepository(db: Db) {
  return {
    /** Keeps a new request and forgets those past their lifetime. */
    async save(request: { state: string; nonce: string; codeVerifier: string }) {
      await db
        .insertInto('oidc_login_requests')
        .values({ state: request.state, nonce: request.nonce, code_verifier: request.codeVerifier })
        .execute();
      await db
        .deleteFrom('oidc_login_requests')
        .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${REQUEST_LIFETIME_MINUTES})`)
        .execute();
    },

    /** The live request of this state, removed as it is read so a replayed callback finds nothing. */
    take(state: string): Promise<{ code_verifier: string; nonce: string } | undefined> {
      return db
        .deleteFrom('oidc_login_requests')
        .where('state', '=', state)
        .where('created_at', '>=', sql<Date>`now() - make_interval(mins => ${REQUEST_LIFETIME_MINUTES})`)
        .returning(['code_verifier', 'nonce'])
        .executeTakeFirst();
    },
  };
}
