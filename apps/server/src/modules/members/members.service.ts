import type { InvitedMember, Member, MemberPage, MemberRole } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import { companyRolePermissions } from '../../auth/permissions.ts';
import type { Db } from '../../db/pool.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { MailService } from '../../mail/mail.service.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { CompaniesRepository } from '../companies/companies.repository.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { invitationMail } from './invitation-mail.ts';
import type { InvitationsRepository } from './invitations.repository.ts';
import { isOwnerRole, type MemberRow, type MembersRepository } from './members.repository.ts';

/** Spec 01 §9: at most 10 active members per company. */
export const MAX_ACTIVE_MEMBERS = 10;
export const INVITE_LIMIT = 'You cannot invite more than active 10 members';
export const ACTIVE_LIMIT = 'You cannot active member because there are already 10 active members.';
export const LAST_OWNER = 'A company needs at least one active owner: make another member owner first.';
export const OWN_MEMBERSHIP =
  'You cannot change your own role or membership: ask another owner or an administrator.';
export const ROLE_NOT_YOURS =
  'You can only give a role whose permissions you hold yourself: ask an administrator for this one.';
export const MEMBER_NOT_YOURS =
  'You can only change or remove a member whose role you could give yourself: ask an administrator for this one.';
export const INVITED = 'Invite member successfully';

export interface MembersDeps {
  db: Db;
  members: MembersRepository;
  users: UsersRepository;
  companies: CompaniesRepository;
  invitations: InvitationsRepository;
  mail: MailService;
  audit: AuditRepository;
  publicUrl: string;
  invitationTtlDays: number;
}

/**
 * A member as the company sees them. Somebody who has not accepted the invitation yet is shown by their e-mail
 * alone (its local part as the name, no picture): inviting an e-mail tells nothing about an account behind it.
 */
export function toMember(row: MemberRow): Member {
  const pending = row.status === 'pending';
  return {
    id: row.id,
    name: pending ? (row.email.split('@')[0] ?? row.email) : row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    profileImageUrl: pending ? null : row.image_url,
    isNotify: row.is_notify,
    updatedDate: row.updated_at.toISOString(),
  };
}

/** Membership rules shared by the members page and invitations: the active limit and the last owner. */
export function createMembershipRules(deps: Pick<MembersDeps, 'members' | 'companies'>) {
  return {
    /** Locks the company row, so concurrent activations are counted one after another. */
    async activate(companyId: string, userId: string, trx: Db, limitMessage = ACTIVE_LIMIT) {
      const company = await deps.companies.lock(companyId, trx);
      if (!company || company.deleted_at) throw notFound('Company not found.');
      if ((await deps.members.countActive(companyId, trx)) >= MAX_ACTIVE_MEMBERS)
        throw conflict(limitMessage);
      await deps.members.update(companyId, userId, { status: 'active' }, trx);
    },

    /** Refuses to leave the company without an active owner when `member` stops being one. */
    async keepAnOwner(companyId: string, member: MemberRow, trx: Db) {
      await deps.companies.lock(companyId, trx);
      if (
        member.status === 'active' &&
        isOwnerRole(member.role) &&
        (await deps.members.countActiveOwners(companyId, trx)) <= 1
      ) {
        throw conflict(LAST_OWNER);
      }
    },
  };
}

export function createMembersService(deps: MembersDeps) {
  const { db, members, users, invitations, mail, audit } = deps;
  const rules = createMembershipRules(deps);

  async function mustFind(companyId: string, email: string, trx: Db) {
    const member = await members.findByEmail(companyId, email, trx);
    if (!member) throw notFound('This e-mail is not a member of this company.');
    return member;
  }

  /** Nobody changes their own role or membership (issue 11 item 6). */
  function notSelf(auth: AuthContext, userId: string) {
    if (userId === auth.userId) throw forbidden(OWN_MEMBERSHIP);
  }

  const holdsRole = (auth: AuthContext, role: MemberRole) =>
    companyRolePermissions[role].every((permission) => auth.permissions.has(permission));

  /** One grants only a role whose permissions they hold in this company; the platform administrator holds all. */
  function mayGrant(auth: AuthContext, role: MemberRole) {
    if (!holdsRole(auth, role)) throw forbidden(ROLE_NOT_YOURS);
  }

  /**
   * One changes (demotes, removes, invites again) only a member whose role one could give (issue 23 item 11): OWNER
   * and OWNER_RVS each hold permissions the other lacks, so neither can undo the other, and neither touches the other.
   */
  function mayChange(auth: AuthContext, member: MemberRow) {
    if (!holdsRole(auth, member.role)) throw forbidden(MEMBER_NOT_YOURS);
  }

  async function sendInvitation(
    auth: AuthContext,
    userId: string,
    email: string,
    companyId: string,
    trx: Db,
  ) {
    const company = await deps.companies.find(companyId, trx);
    const token = await invitations.create(
      { userId, companyId, invitedBy: auth.userId, ttlDays: deps.invitationTtlDays },
      trx,
    );
    // In the invitee's language when they chose one in the portal, else the inviter's (issue 27 item 5).
    const inviter = (await users.languages([auth.userId], 'en', trx)).get(auth.userId);
    const language = (await users.languages([userId], inviter, trx)).get(userId);
    await mail.enqueue(
      {
        ...invitationMail({
          email,
          language,
          link: `${deps.publicUrl}/auth/invitation/${token}`,
          expiresInDays: deps.invitationTtlDays,
          companyTitle: company?.title ?? '',
          invitedBy: auth.name,
          invitedByEmail: auth.email,
        }),
        companyId,
      },
      trx,
    );
  }

  const record = (
    auth: AuthContext,
    companyId: string,
    action: string,
    userId: string,
    detail: Record<string, unknown>,
    trx: Db,
  ) =>
    audit.record({ userId: auth.userId, companyId, action, entity: 'member', entityId: userId, detail }, trx);

  return {
    async page(companyId: string, page: number, perPage: number, search?: string): Promise<MemberPage> {
      const { items, total } = await members.page(companyId, (page - 1) * perPage, perPage, search);
      return { items: items.map(toMember), total, page, perPage };
    },

    async listActive(companyId: string) {
      return { items: (await members.listActive(companyId)).map(toMember) };
    },

    /**
     * A pending membership and a single-use link by e-mail; the limit counts active members only. The answer is
     * the same whether the e-mail has an account or not: it names only what the inviter sent.
     */
    async invite(
      auth: AuthContext,
      companyId: string,
      email: string,
      role: MemberRole,
    ): Promise<InvitedMember> {
      mayGrant(auth, role);
      await db.transaction().execute(async (trx) => {
        const company = await deps.companies.lock(companyId, trx);
        if (!company || company.deleted_at) throw notFound('Company not found.');
        if ((await members.countActive(companyId, trx)) >= MAX_ACTIVE_MEMBERS)
          throw conflict(INVITE_LIMIT, 'invite-limit');
        const user = await users.findOrCreatePending(email, trx);
        if (user.platform_role === 'ADMIN')
          throw conflict('This e-mail belongs to a platform administrator, who sees every company already.');
        const existing = await members.findById(companyId, user.id, trx);
        if (existing?.status === 'active') throw conflict('This e-mail is already a member of this company.');
        if (existing?.status === 'pending')
          throw conflict('This e-mail is already invited: resend the invitation instead.');
        if (existing?.status === 'inactive')
          throw conflict('This member is inactive: activate them instead.');
        await members.insert(companyId, user.id, role, trx);
        await sendInvitation(auth, user.id, user.email, companyId, trx);
        await record(auth, companyId, 'invite', user.id, { email: user.email, role }, trx);
      });
      return { message: INVITED, email: email.toLowerCase(), role, status: 'pending' };
    },

    async reinvite(auth: AuthContext, companyId: string, email: string) {
      await db.transaction().execute(async (trx) => {
        const member = await mustFind(companyId, email, trx);
        mayChange(auth, member);
        if (member.status !== 'pending') throw conflict('Only a pending invitation can be sent again.');
        await sendInvitation(auth, member.id, member.email, companyId, trx);
        await record(auth, companyId, 'reinvite', member.id, {}, trx);
      });
      return { message: 'resend invite completed' };
    },

    /** Inactive → active under the limit; somebody who never accepted their invitation goes back to pending with a new link. */
    async activate(auth: AuthContext, companyId: string, email: string): Promise<Member> {
      await db.transaction().execute(async (trx) => {
        const member = await mustFind(companyId, email, trx);
        notSelf(auth, member.id);
        if (member.status !== 'inactive') throw conflict('Only an inactive member can be activated.');
        mayGrant(auth, member.role);
        if (!member.has_credentials) {
          await members.update(companyId, member.id, { status: 'pending' }, trx);
          await sendInvitation(auth, member.id, member.email, companyId, trx);
        } else {
          await rules.activate(companyId, member.id, trx);
        }
        await record(auth, companyId, 'activate', member.id, {}, trx);
      });
      return toMember(await mustFind(companyId, email, db));
    },

    /** Active or pending → inactive: the member loses the company at once; their invitation stops working. */
    async deactivate(auth: AuthContext, companyId: string, email: string): Promise<Member> {
      await db.transaction().execute(async (trx) => {
        const member = await mustFind(companyId, email, trx);
        notSelf(auth, member.id);
        mayChange(auth, member);
        if (member.status === 'inactive') throw conflict('This member is already inactive.');
        await rules.keepAnOwner(companyId, member, trx);
        await members.update(companyId, member.id, { status: 'inactive' }, trx);
        await invitations.revoke(member.id, companyId, trx);
        await record(auth, companyId, 'deactivate', member.id, {}, trx);
      });
      return toMember(await mustFind(companyId, email, db));
    },

    /**
     * Role changes only for an active member (spec 01 §4), never taking the last owner away, never one's own,
     * and only to a role whose permissions the caller holds.
     */
    async changeRole(auth: AuthContext, companyId: string, userId: string, role: MemberRole, trx: Db) {
      const member = await members.findById(companyId, userId, trx);
      if (!member) throw notFound('This user is not a member of this company.');
      notSelf(auth, userId);
      mayChange(auth, member);
      if (member.role === role) return member;
      mayGrant(auth, role);
      if (member.status !== 'active') throw conflict("Only an active member's role can be changed.");
      if (!isOwnerRole(role)) await rules.keepAnOwner(companyId, member, trx);
      await members.update(companyId, userId, { role }, trx);
      await record(auth, companyId, 'change-role', userId, { from: member.role, to: role }, trx);
      return member;
    },

    async switchRole(
      auth: AuthContext,
      companyId: string,
      userId: string,
      role: MemberRole,
    ): Promise<Member> {
      await db.transaction().execute((trx) => this.changeRole(auth, companyId, userId, role, trx));
      const member = await members.findById(companyId, userId);
      if (!member) throw notFound();
      return toMember(member);
    },

    /**
     * The 'edit member' dialog: company-side facts only, role and status. The member's name and picture are
     * global to their account and theirs alone (PUT /member/profile): sending them is refused.
     */
    async edit(
      auth: AuthContext,
      companyId: string,
      input: {
        email: string;
        role?: MemberRole;
        name?: string;
        profileImageUrl?: string | null;
        status?: 'active' | 'inactive';
      },
    ): Promise<Member> {
      const current = await mustFind(companyId, input.email, db);
      notSelf(auth, current.id);
      if (input.name !== undefined || input.profileImageUrl !== undefined) {
        // Only a member of this company (mustFind) whose role the editor could give: an owner corrects their
        // members, never another owner's kind or a stranger.
        mayChange(auth, current);
        await users.update(current.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.profileImageUrl !== undefined ? { image_url: input.profileImageUrl } : {}),
        });
        await audit.record({
          userId: auth.userId,
          companyId,
          action: 'edit-member-profile',
          entity: 'user',
          entityId: current.id,
          detail: { name: input.name, profileImageUrl: input.profileImageUrl },
        });
      }
      if (input.status && input.status !== current.status) {
        if (input.status === 'active') await this.activate(auth, companyId, input.email);
        else await this.deactivate(auth, companyId, input.email);
      }
      if (input.role) {
        const role = input.role;
        await db.transaction().execute((trx) => this.changeRole(auth, companyId, current.id, role, trx));
      }
      return toMember(await mustFind(companyId, input.email, db));
    },

    /** The signed-in user's own name and image (Edit Profile). */
    async updateOwnProfile(auth: AuthContext, name: string, profileImageUrl: string | null | undefined) {
      // The request schema admits only our own upload route's URLs (ownImageUrl('profiles')).
      await users.update(auth.userId, {
        name,
        ...(profileImageUrl !== undefined ? { image_url: profileImageUrl } : {}),
      });
      await audit.record({
        userId: auth.userId,
        action: 'update-profile',
        entity: 'user',
        entityId: auth.userId,
      });
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
