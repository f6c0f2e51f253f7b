import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type CallArgs,
  createTestContext,
  createUser,
  requestAs,
  seedTenants,
  signInTenants,
  type Tenant,
  type TestContext,
} from '../../../test/harness.ts';

let ctx: TestContext;
let tenants: Awaited<ReturnType<typeof seedTenants>>;
let cookies: Record<Tenant, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  tenants = await seedTenants(ctx.db);
  cookies = await signInTenants(ctx.app);
});
afterAll(() => ctx.close());

type Who = Tenant | null;
const call = (...args: CallArgs) => requestAs(ctx.app, cookies, ...args);

const acme = () => tenants.companyId;

describe('member calls per role', () => {
  // [caller, expected status] for each call; owners and the administrator manage members, others cannot.
  const matrix: [Who, number][] = [
    ['admin', 200],
    ['owner', 200],
    ['ownerRvs', 200],
    ['supmem', 403],
    ['member', 403],
    ['outsider', 404],
    [null, 401],
  ];

  it.each(matrix)('GET /companies/{id}/members as %s answers %i', async (who, status) => {
    expect((await call(who, 'GET', `/api/v1/companies/${acme()}/members`)).statusCode).toBe(status);
  });

  it.each(matrix)('GET /companies/{id}/members-only as %s answers %i', async (who, status) => {
    expect((await call(who, 'GET', `/api/v1/companies/${acme()}/members-only`)).statusCode).toBe(status);
  });

  it.each(matrix.map(([who, status]) => [who, status === 200 ? 201 : status] as [Who, number]))(
    'POST /companies/{id}/members/invite as %s answers %i',
    async (who, status) => {
      const response = await call(who, 'POST', `/api/v1/companies/${acme()}/members/invite`, {
        email: `invitee-${who ?? 'anon'}@acme.test`,
        role: 'MEMBER',
      });
      expect(response.statusCode).toBe(status);
    },
  );

  it.each(matrix)('PUT /member/switch-role as %s answers %i', async (who, status) => {
    const response = await call(
      who,
      'PUT',
      `/api/v1/member/switch-role?user_id=${tenants.users.supmem}&company_id=${acme()}`,
      { role: 'SUPERMEMBER' },
    );
    expect(response.statusCode).toBe(status);
  });

  it.each(matrix)('DELETE /member/inactive as %s answers %i', async (who, status) => {
    const email = `gone-${who ?? 'anon'}@acme.test`;
    const userId = await createUser(ctx.db, { email });
    await addMember(ctx.db, acme(), userId, 'member');
    const response = await call(who, 'DELETE', '/api/v1/member/inactive', { email, company_id: acme() });
    expect(response.statusCode).toBe(status);
  });

  it("uses the session's selected company when a /member/* call names none", async () => {
    const response = await call('owner', 'POST', '/api/v1/member/reinvite', {
      email: 'invitee-owner@acme.test',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'resend invite completed' });
  });

  it("never reaches another company's members, even by naming it", async () => {
    const response = await call('owner', 'DELETE', '/api/v1/member/inactive', {
      email: 'outsider@other.test',
      company_id: tenants.otherCompanyId,
    });
    expect(response.statusCode).toBe(404);
    const row = await ctx.db
      .selectFrom('memberships')
      .select('status')
      .where('user_id', '=', tenants.users.outsider)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });
});

describe('member list', () => {
  it('pages with 5, 10, 20, 30, 40 and searches by name or e-mail', async () => {
    const page = await call('owner', 'GET', `/api/v1/companies/${acme()}/members?page=1&perPage=5`);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ page: 1, perPage: 5 });
    expect(body.items).toHaveLength(5);
    expect(body.total).toBeGreaterThan(5);
    const second = await call('owner', 'GET', `/api/v1/companies/${acme()}/members?page=2&perPage=5`);
    expect(second.json().items[0].email).not.toBe(body.items[0].email);
    expect((await call('owner', 'GET', `/api/v1/companies/${acme()}/members?perPage=7`)).statusCode).toBe(
      400,
    );
    const found = await call('owner', 'GET', `/api/v1/companies/${acme()}/members?search=SUPMEM`);
    const emails = found.json().items.map((m: { email: string }) => m.email);
    expect(emails).toContain('supmem@acme.test');
    expect(emails.every((email: string) => email.includes('supmem'))).toBe(true);
    expect(found.json().total).toBe(emails.length);
  });
});

describe('status rules (spec 01 §4)', () => {
  it('invites as pending with the role asked, refuses to invite the same e-mail twice', async () => {
    const invited = await call('owner', 'POST', `/api/v1/companies/${acme()}/members/invite`, {
      email: 'New.Person@Acme.test',
      role: 'SUPERMEMBER',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'new.person@acme.test',
      role: 'supmem',
      status: 'pending',
    });
    const again = await call('owner', 'POST', `/api/v1/companies/${acme()}/members/invite`, {
      email: 'new.person@acme.test',
      role: 'MEMBER',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This e-mail is already invited: resend the invitation instead.',
    });
    const member = await call('owner', 'POST', `/api/v1/companies/${acme()}/members/invite`, {
      email: 'member@acme.test',
      role: 'MEMBER',
    });
    expect(member.json()).toEqual({ detail: 'This e-mail is already a member of this company.' });
  });

  it('refuses an invalid e-mail or role with 400', async () => {
    const bad = await call('owner', 'POST', `/api/v1/companies/${acme()}/members/invite`, {
      email: 'nope',
      role: 'KING',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('body.email: * Invalid Email');
    expect(bad.json().detail).toContain('body.role');
  });

  it('resends only pending invitations, activates only inactive members, changes roles only of active ones', async () => {
    expect(
      (
        await call('owner', 'POST', '/api/v1/member/reinvite', {
          email: 'member@acme.test',
          company_id: acme(),
        })
      ).json(),
    ).toEqual({
      detail: 'Only a pending invitation can be sent again.',
    });
    expect(
      (
        await call('owner', 'POST', '/api/v1/member/active', {
          email: 'member@acme.test',
          company_id: acme(),
        })
      ).json(),
    ).toEqual({
      detail: 'Only an inactive member can be activated.',
    });
    const pending = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'new.person@acme.test')
      .executeTakeFirstOrThrow();
    const switched = await call(
      'owner',
      'PUT',
      `/api/v1/member/switch-role?user_id=${pending.id}&company_id=${acme()}`,
      { role: 'OWNER' },
    );
    expect(switched.statusCode).toBe(409);
    expect(switched.json()).toEqual({ detail: "Only an active member's role can be changed." });
  });

  it('deletes (deactivates) and restores a member; the deleted member loses the company at once', async () => {
    const memberCookie = cookies.member as string;
    const deleted = await call('owner', 'DELETE', '/api/v1/member/inactive', {
      email: 'member@acme.test',
      company_id: acme(),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().status).toBe('inactive');
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/companies/${acme()}`,
      headers: { cookie: memberCookie },
    });
    expect(me.statusCode).toBe(404);
    const restored = await call('owner', 'POST', '/api/v1/member/active', {
      email: 'member@acme.test',
      company_id: acme(),
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().status).toBe('active');
  });

  it("lets an owner correct a member's name and picture through /member/profile-edit (issue 27 item 6)", async () => {
    const target = await createUser(ctx.db, { email: 'misspelt@acme.test' });
    // Inactive, so Acme's ten active places stay free for the other tests; names are corrected all the same.
    await addMember(ctx.db, acme(), target, 'member', 'inactive');
    const picture = '/api/v1/files/profiles/face-42-0123456789abcdef.png';
    const edited = await call('owner', 'PUT', '/api/v1/member/profile-edit', {
      email: 'misspelt@acme.test',
      company_id: acme(),
      name: '  Somchai Jaidee ',
      profileImageUrl: picture,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Somchai Jaidee', profileImageUrl: picture, role: 'member' });
    const listed = await call('owner', 'GET', `/api/v1/companies/${acme()}/members?search=misspelt`);
    expect(listed.json().items).toMatchObject([{ name: 'Somchai Jaidee', profileImageUrl: picture }]);
    const removed = await call('ownerRvs', 'PUT', '/api/v1/member/profile-edit', {
      email: 'misspelt@acme.test',
      company_id: acme(),
      profileImageUrl: null,
    });
    expect(removed.json()).toMatchObject({ name: 'Somchai Jaidee', profileImageUrl: null });
    const logged = await ctx.db
      .selectFrom('audit_log')
      .select(['user_id', 'company_id'])
      .where('action', '=', 'edit-member-profile')
      .where('entity_id', '=', target)
      .orderBy('id')
      .execute();
    expect(logged).toEqual([
      { user_id: tenants.users.owner, company_id: acme() },
      { user_id: tenants.users.ownerRvs, company_id: acme() },
    ]);
  });

  it("refuses a member's name and picture to other roles, other companies, bad values and oneself", async () => {
    const target = await createUser(ctx.db, { email: 'kept@acme.test', name: 'Kept Name' });
    await addMember(ctx.db, acme(), target, 'member', 'inactive');
    const stranger = await createUser(ctx.db, { email: 'stranger@other.test', name: 'Stranger' });
    await addMember(ctx.db, tenants.otherCompanyId, stranger, 'member');
    const rename = (who: Who, email: string, company: string, extra: object = { name: 'Renamed' }) =>
      call(who, 'PUT', '/api/v1/member/profile-edit', { email, company_id: company, ...extra });

    for (const [who, status] of [
      ['supmem', 403],
      ['member', 403],
      ['outsider', 404],
      [null, 401],
    ] as [Who, number][]) {
      expect((await rename(who, 'kept@acme.test', acme())).statusCode).toBe(status);
    }
    // An owner of Acme cannot reach Other Works' member, whether naming Acme or Other Works.
    const viaOwnCompany = await rename('owner', 'stranger@other.test', acme());
    expect(viaOwnCompany.statusCode).toBe(404);
    expect(viaOwnCompany.json()).toEqual({ detail: 'This e-mail is not a member of this company.' });
    expect((await rename('owner', 'stranger@other.test', tenants.otherCompanyId)).statusCode).toBe(404);
    // OWNER_RVS cannot rename an OWNER (a role it could not give), and nobody edits themselves here.
    const ownerByRvs = await rename('ownerRvs', 'owner@acme.test', acme());
    expect(ownerByRvs.statusCode).toBe(403);
    expect(ownerByRvs.json()).toEqual({
      detail:
        'You can only change or remove a member whose role you could give yourself: ask an administrator for this one.',
    });
    expect((await rename('owner', 'owner@acme.test', acme())).statusCode).toBe(403);
    for (const bad of [{ name: '   ' }, { profileImageUrl: 'https://evil.example/x.png' }, { name: 7 }]) {
      const refused = await rename('owner', 'kept@acme.test', acme(), bad);
      expect(refused.statusCode).toBe(400);
      expect(typeof refused.json().detail).toBe('string');
    }
    const names = await ctx.db
      .selectFrom('users')
      .select(['email', 'name', 'image_url'])
      .where('id', 'in', [target, stranger])
      .orderBy('email')
      .execute();
    expect(names).toEqual([
      { email: 'kept@acme.test', name: 'Kept Name', image_url: null },
      { email: 'stranger@other.test', name: 'Stranger', image_url: null },
    ]);
  });

  it('never removes or demotes the last active owner', async () => {
    const company = (
      await call('admin', 'POST', '/api/v1/companies', {
        image_path: '/api/v1/files/companys/x.png',
        title: 'Solo',
        initial_code: 'SOLO',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      })
    ).json();
    const soloOwner = await createUser(ctx.db, { email: 'solo@solo.test' });
    await addMember(ctx.db, company.id, soloOwner, 'owner');
    const demote = await call(
      'admin',
      'PUT',
      `/api/v1/member/switch-role?user_id=${soloOwner}&company_id=${company.id}`,
      { role: 'MEMBER' },
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe(
      'A company needs at least one active owner: make another member owner first.',
    );
    const remove = await call('admin', 'DELETE', '/api/v1/member/inactive', {
      email: 'solo@solo.test',
      company_id: company.id,
    });
    expect(remove.statusCode).toBe(409);
  });

  it('answers the documented switch-role alias the same way', async () => {
    const response = await call(
      'owner',
      'PUT',
      `/api/v1/memberswitch-role?user_id=${tenants.users.supmem}&company_id=${acme()}`,
      { role: 'SUPERMEMBER' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe('supmem');
  });
});

describe('the 10 active members limit', () => {
  it('holds when 20 activations race', async () => {
    const company = (
      await call('admin', 'POST', '/api/v1/companies', {
        image_path: '/api/v1/files/companys/x.png',
        title: 'Race',
        initial_code: 'RACE',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      })
    ).json();
    const owner = await createUser(ctx.db, { email: 'race-owner@race.test' });
    await addMember(ctx.db, company.id, owner, 'owner');
    const emails = Array.from({ length: 20 }, (_, i) => `racer${i}@race.test`);
    for (const email of emails)
      await addMember(ctx.db, company.id, await createUser(ctx.db, { email }), 'member', 'inactive');
    const results = await Promise.all(
      emails.map((email) =>
        call('admin', 'POST', '/api/v1/member/active', { email, company_id: company.id }),
      ),
    );
    const refused = results.filter((response) => response.statusCode === 409);
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(9);
    expect(refused).toHaveLength(11);
    expect(refused[0]?.json()).toEqual({
      detail: 'You cannot active member because there are already 10 active members.',
    });
    const active = await ctx.db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', company.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(Number(active.n)).toBe(10);

    const invite = await call('admin', 'POST', `/api/v1/companies/${company.id}/members/invite`, {
      email: 'one-too-many@race.test',
      role: 'MEMBER',
    });
    expect(invite.statusCode).toBe(409);
    expect(invite.json()).toEqual({
      detail: 'You cannot invite more than active 10 members',
      code: 'invite-limit',
    });
  });
});

describe('own profile', () => {
  it('changes the name and image of the signed-in user, visible in /users/me at once', async () => {
    const response = await call('supmem', 'PUT', '/api/v1/member/profile', {
      name: 'Sam S.',
      profileImageUrl: '/api/v1/files/profiles/sam-12-abcd.png',
    });
    expect(response.statusCode).toBe(200);
    const me = (await call('supmem', 'GET', '/api/v1/users/me')).json();
    expect(me).toMatchObject({ name: 'Sam S.', profileImageUrl: '/api/v1/files/profiles/sam-12-abcd.png' });
    const foreign = await call('supmem', 'PUT', '/api/v1/member/profile', {
      name: 'x',
      profileImageUrl: 'https://evil.example/x.png',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await call(null, 'PUT', '/api/v1/member/profile', { name: 'x' })).statusCode).toBe(401);
  });
});

describe('roles one may change and grant (issue 11 item 6)', () => {
  const OWN = {
    detail: 'You cannot change your own role or membership: ask another owner or an administrator.',
  };
  const NOT_YOURS = {
    detail:
      'You can only give a role whose permissions you hold yourself: ask an administrator for this one.',
  };

  it("refuses every change of one's own role or membership with 403", async () => {
    for (const url of ['/api/v1/member/switch-role', '/api/v1/memberswitch-role']) {
      const own = await call('owner', 'PUT', `${url}?user_id=${tenants.users.owner}&company_id=${acme()}`, {
        role: 'OWNER_RVS',
      });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual(OWN);
    }
    const edit = await call('ownerRvs', 'PUT', '/api/v1/member/profile-edit', {
      email: 'owner.rvs@acme.test',
      company_id: acme(),
      role: 'OWNER',
    });
    expect(edit.json()).toEqual(OWN);
    const status = await call('ownerRvs', 'PUT', '/api/v1/member/profile-edit', {
      email: 'owner.rvs@acme.test',
      company_id: acme(),
      status: 'inactive',
    });
    expect(status.json()).toEqual(OWN);
    const leave = await call('owner', 'DELETE', '/api/v1/member/inactive', {
      email: 'owner@acme.test',
      company_id: acme(),
    });
    expect(leave.statusCode).toBe(403);
    expect(leave.json()).toEqual(OWN);
    const roles = await ctx.db
      .selectFrom('memberships')
      .select(['user_id', 'role', 'status'])
      .where('company_id', '=', acme())
      .where('user_id', 'in', [tenants.users.owner, tenants.users.ownerRvs])
      .orderBy('role')
      .execute();
    expect(roles.map(({ role, status }) => [role, status])).toEqual([
      ['owner', 'active'],
      ['owner_rvs', 'active'],
    ]);
  });

  it('grants only roles whose permissions the granter holds; the administrator grants any', async () => {
    const target = await createUser(ctx.db, { email: 'grantee@acme.test' });
    await addMember(ctx.db, acme(), target, 'member');
    const to = (who: Tenant, role: string) =>
      call(who, 'PUT', `/api/v1/member/switch-role?user_id=${target}&company_id=${acme()}`, { role });
    // OWNER lacks ManageDataModel (OWNER_RVS); OWNER_RVS lacks ManageIngestKeys (OWNER).
    for (const [who, role] of [
      ['owner', 'OWNER_RVS'],
      ['ownerRvs', 'OWNER'],
    ] as const) {
      const refused = await to(who, role);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(NOT_YOURS);
      const invite = await call(who, 'POST', `/api/v1/companies/${acme()}/members/invite`, {
        email: `grant-${who}@acme.test`,
        role,
      });
      expect(invite.statusCode).toBe(403);
      expect(invite.json()).toEqual(NOT_YOURS);
    }
    expect((await to('owner', 'SUPERMEMBER')).statusCode).toBe(200);
    expect((await to('owner', 'OWNER')).statusCode).toBe(200);
    expect((await to('admin', 'OWNER_RVS')).statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('owner_rvs');
  });
});

describe('members one may demote or remove (issue 23 item 11)', () => {
  const NOT_YOURS = {
    detail:
      'You can only change or remove a member whose role you could give yourself: ask an administrator for this one.',
  };
  const membership = async (userId: string) =>
    ctx.db
      .selectFrom('memberships')
      .select(['role', 'status'])
      .where('user_id', '=', userId)
      .where('company_id', '=', acme())
      .executeTakeFirstOrThrow();

  it('OWNER_RVS cannot demote or remove an OWNER, nor OWNER an OWNER_RVS; the administrator can', async () => {
    const owner = await createUser(ctx.db, { email: 'second.owner@acme.test' });
    await addMember(ctx.db, acme(), owner, 'owner');
    const ownerRvs = await createUser(ctx.db, { email: 'second.rvs@acme.test' });
    await addMember(ctx.db, acme(), ownerRvs, 'owner_rvs');
    for (const [who, target, email, role] of [
      ['ownerRvs', owner, 'second.owner@acme.test', 'owner'],
      ['owner', ownerRvs, 'second.rvs@acme.test', 'owner_rvs'],
    ] as const) {
      const demoted = await call(
        who,
        'PUT',
        `/api/v1/member/switch-role?user_id=${target}&company_id=${acme()}`,
        {
          role: 'MEMBER',
        },
      );
      expect(demoted.statusCode).toBe(403);
      expect(demoted.json()).toEqual(NOT_YOURS);
      const edited = await call(who, 'PUT', '/api/v1/member/profile-edit', {
        email,
        company_id: acme(),
        status: 'inactive',
      });
      expect(edited.statusCode).toBe(403);
      expect(edited.json()).toEqual(NOT_YOURS);
      const removed = await call(who, 'DELETE', '/api/v1/member/inactive', { email, company_id: acme() });
      expect(removed.statusCode).toBe(403);
      expect(removed.json()).toEqual(NOT_YOURS);
      expect(await membership(target)).toEqual({ role, status: 'active' });
    }
    // Each still changes the members whose role they may give, and the administrator changes anyone.
    const peer = await call(
      'owner',
      'PUT',
      `/api/v1/member/switch-role?user_id=${owner}&company_id=${acme()}`,
      {
        role: 'SUPERMEMBER',
      },
    );
    expect(peer.statusCode).toBe(200);
    expect(await membership(owner)).toEqual({ role: 'supmem', status: 'active' });
    const byAdmin = await call('admin', 'DELETE', '/api/v1/member/inactive', {
      email: 'second.rvs@acme.test',
      company_id: acme(),
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await membership(ownerRvs)).toEqual({ role: 'owner_rvs', status: 'inactive' });
    // Leave room under the limit of 10 active members for the tests after this one.
    await ctx.db
      .updateTable('memberships')
      .set({ status: 'inactive' })
      .where('user_id', '=', owner)
      .execute();
  });
});

describe('the invite answer (issue 11 items 3 and 7)', () => {
  it('is the same for an e-mail with an account in another company and for a new one', async () => {
    const existing = await call('owner', 'POST', `/api/v1/companies/${acme()}/members/invite`, {
      email: 'outsider@other.test',
      role: 'MEMBER',
    });
    const fresh = await call('owner', 'POST', `/api/v1/companies/${acme()}/members/invite`, {
      email: 'nobody-yet@other.test',
      role: 'MEMBER',
    });
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = { message: 'Invite member successfully', role: 'member', status: 'pending' };
    expect(existing.json()).toEqual({ ...shape, email: 'outsider@other.test' });
    expect(fresh.json()).toEqual({ ...shape, email: 'nobody-yet@other.test' });
    // Until they accept, the members list shows them by their e-mail alone, not the account's name or picture.
    await ctx.db
      .updateTable('users')
      .set({ name: 'Olga Outsider', image_url: '/api/v1/files/profiles/olga.png' })
      .where('id', '=', tenants.users.outsider)
      .execute();
    const list = await call(
      'owner',
      'GET',
      `/api/v1/companies/${acme()}/members?search=other.test&perPage=40`,
    );
    const shown = list
      .json()
      .items.map((m: { name: string; profileImageUrl: string | null }) => [m.name, m.profileImageUrl]);
    expect(shown.sort()).toEqual([
      ['nobody-yet', null],
      ['outsider', null],
    ]);
  });
});
