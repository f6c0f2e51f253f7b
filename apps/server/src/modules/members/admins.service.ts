import type { Admin } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { UserRow } from '../users/users.repository.ts';
import { invitationMail } from './invitation-mail.ts';
import type { MembersDeps } from './members.service.ts';

type Deps = Pick<
  MembersDeps,
  'db' | 'users' | 'invitations' | 'mail' | 'audit' | 'publicUrl' | 'invitationTtlDays'
>;

/** Platform administrators (Setting Admin): invited by e-mail, with the same status rules as members (spec 01 §4). */
export function createAdminsService(deps: Deps) {
  const { db, users, invitations, mail, audit } = deps;

  async function mustFindAdmin(idOrEmail: string): Promise<UserRow> {
    const user = idOrEmail.includes('@')
      ? await users.findByEmail(idOrEmail)
      : await users.findById(idOrEmail);
    if (user?.platform_role !== 'ADMIN') throw notFound('This administrator does not exist.');
    return user;
  }

  async function sendInvitation(auth: AuthContext, user: UserRow, trx: typeof db) {
    const token = await invitations.create(
      { userId: user.id, companyId: null, invitedBy: auth.userId, ttlDays: deps.invitationTtlDays },
      trx,
    );
    // In the invitee's language when they chose one in the portal, else the inviter's (issue 27 item 5).
    const inviter = (await users.languages([auth.userId], 'en', trx)).get(auth.userId);
    const language = (await users.languages([user.id], inviter, trx)).get(user.id);
    await mail.enqueue(
      invitationMail({
        email: user.email,
        language,
        link: `${deps.publicUrl}/auth/invitation/${token}`,
        expiresInDays: deps.invitationTtlDays,
        companyTitle: null,
        invitedBy: auth.name,
        invitedByEmail: auth.email,
      }),
      trx,
    );
  }

  const record = (auth: AuthContext, action: string, userId: string, trx: typeof db) =>
    audit.record({ userId: auth.userId, action, entity: 'admin', entityId: userId }, trx);

  return {
    async list(): Promise<{ items: Admin[]; total: number }> {
      const rows = await users.listAdmins();
      const items = rows.map((row) => ({
        id: row.id,
        name: row.name,
        fullname: row.name,
        email: row.email,
        profileImageUrl: row.image_url,
        status: row.status,
        latestDate: row.latest.toISOString(),
      }));
      return { items, total: items.length };
    },

    async invite(auth: AuthContext, input: { fullname: string; email: string; profileImageUrl: string }) {
      await db.transaction().execute(async (trx) => {
        const existing = await users.findByEmail(input.email);
        if (existing?.platform_role === 'ADMIN') throw conflict('This e-mail is already an administrator.');
        if (existing) throw conflict('A user with this e-mail already exists.');
        const user = await users.findOrCreatePending(input.email, trx);
        await users.update(
          user.id,
          { name: input.fullname, image_url: input.profileImageUrl, platform_role: 'ADMIN' },
          trx,
        );
        await sendInvitation(auth, user, trx);
        await record(auth, 'invite', user.id, trx);
      });
      return { message: 'Invite admin successfully' };
    },

    async edit(
      auth: AuthContext,
      input: { email: string; name: string; profileImageUrl?: string | null | undefined },
    ) {
      const admin = await mustFindAdmin(input.email);
      if (admin.status !== 'active') throw conflict('Only an active administrator can be edited.');
      await db.transaction().execute(async (trx) => {
        await users.update(
          admin.id,
          {
            name: input.name,
            ...(input.profileImageUrl !== undefined ? { image_url: input.profileImageUrl } : {}),
          },
          trx,
        );
        await record(auth, 'edit', admin.id, trx);
      });
      return { message: 'Edit admin successfully' };
    },

    async reinvite(auth: AuthContext, email: string) {
      const admin = await mustFindAdmin(email);
      if (admin.status !== 'pending') throw conflict('Only a pending invitation can be sent again.');
      await db.transaction().execute(async (trx) => {
        await sendInvitation(auth, admin, trx);
        await record(auth, 'reinvite', admin.id, trx);
      });
      return { message: 'resend invite completed' };
    },

    async activate(auth: AuthContext, email: string) {
      const admin = await mustFindAdmin(email);
      if (admin.status !== 'inactive') throw conflict('Only an inactive administrator can be activated.');
      await db.transaction().execute(async (trx) => {
        if (await users.hasCredentials(admin.id, trx)) {
          await users.update(admin.id, { status: 'active' }, trx);
        } else {
          await users.update(admin.id, { status: 'pending' }, trx);
          await sendInvitation(auth, admin, trx);
        }
        await record(auth, 'activate', admin.id, trx);
      });
      return { message: `${admin.email} has been active` };
    },

    /** Active or pending → inactive; every session of theirs ends at once. Nobody removes themselves. */
    async remove(auth: AuthContext, idOrEmail: string) {
      const admin = await mustFindAdmin(idOrEmail);
      if (admin.id === auth.userId) throw badRequest('You cannot remove yourself.');
      if (admin.status === 'inactive') throw conflict('This administrator is already inactive.');
      await db.transaction().execute(async (trx) => {
        await users.update(admin.id, { status: 'inactive' }, trx);
        await invitations.revoke(admin.id, null, trx);
        await record(auth, 'remove', admin.id, trx);
      });
      return { message: 'Delete admin successfully' };
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
