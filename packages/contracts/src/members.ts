import { z } from 'zod';
import { memberRole, memberStatus } from './auth.ts';
import { ownImageUrl, uuid } from './common.ts';

/** Roles as the invite dialog offers them (spec 01 §5); lower-case record spellings are accepted too. */
export const inviteRole = z
  .enum(['OWNER', 'OWNER_RVS', 'MEMBER', 'SUPERMEMBER', 'SUPMEM', 'owner', 'owner_rvs', 'member', 'supmem'])
  .transform((role) => {
    const upper = role.toUpperCase();
    return (upper === 'SUPERMEMBER' || upper === 'SUPMEM' ? 'supmem' : upper.toLowerCase()) as z.infer<
      typeof memberRole
    >;
  });

export const member = z
  .object({
    id: uuid,
    name: z.string(),
    email: z.string(),
    role: memberRole,
    status: memberStatus,
    profileImageUrl: z.string().nullable(),
    isNotify: z.boolean(),
    updatedDate: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof member>;

export const memberPage = z.object({
  items: z.array(member),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type MemberPage = z.infer<typeof memberPage>;

/** Page sizes of the members table (spec 01 §9). */
export const memberPageSizes = [5, 10, 20, 30, 40] as const;

export const memberPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce
    .number()
    .int()
    .refine(
      (size) => (memberPageSizes as readonly number[]).includes(size),
      'perPage must be 5, 10, 20, 30 or 40.',
    )
    .default(10),
  search: z.string().trim().max(200).optional(),
});

export const inviteMemberRequest = z.object({ email: z.email('* Invalid Email').max(320), role: inviteRole });
export type InviteMemberRequest = z.input<typeof inviteMemberRequest>;

/**
 * The answer to an invitation: only what the inviter sent, the same whether the e-mail has an account or not
 * (issue 11: an invitation reveals nothing about existing accounts).
 */
export const invitedMember = z
  .object({
    message: z.string(),
    email: z.string(),
    role: memberRole,
    status: z.literal('pending'),
  })
  .meta({ id: 'InvitedMember' });
export type InvitedMember = z.infer<typeof invitedMember>;

/** The company a /member/* call concerns; the session's selected company when absent. */
const companyRef = { company_id: uuid.optional() };

export const memberEmailRequest = z.object({ email: z.email().max(320), ...companyRef });
export type MemberEmailRequest = z.infer<typeof memberEmailRequest>;

/**
 * A company's edit of one of its members: company-side facts only (role, membership status). A member's name and
 * picture belong to them (PUT /member/profile); sending them here is refused (issue 11).
 */
export const memberProfileEditRequest = z.object({
  email: z.email().max(320),
  role: inviteRole.optional(),
  /** The member's corrected name (spec 01 §8: an owner may fix a member's name). */
  name: z.string().trim().min(1, '* Required').max(200).optional(),
  /** The member's picture, uploaded through /api/v1/upload/profiles; null removes it. */
  profileImageUrl: ownImageUrl('profiles').nullable().optional(),
  status: z.enum(['active', 'inactive']).optional(),
  ...companyRef,
});

export const switchRoleQuery = z.object({ user_id: uuid, company_id: uuid.optional() });
export const switchRoleRequest = z.object({ role: inviteRole });

export const ownProfileRequest = z.object({
  name: z.string().trim().min(1, '* Required').max(200),
  profileImageUrl: ownImageUrl('profiles').nullable().optional(),
});

export const messageResponse = z.object({ message: z.string() });

export const admin = z
  .object({
    id: uuid,
    name: z.string(),
    fullname: z.string(),
    email: z.string(),
    profileImageUrl: z.string().nullable(),
    status: memberStatus,
    latestDate: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Admin' });
export type Admin = z.infer<typeof admin>;

export const adminList = z.object({ items: z.array(admin), total: z.number().int() });

export const inviteAdminRequest = z.object({
  fullname: z.string().trim().min(1, 'This field is required.').max(200),
  email: z.email('This field is required.').max(320),
  profileImageUrl: z.string().trim().min(1, 'This field is required.').pipe(ownImageUrl('profiles')),
});

export const editAdminRequest = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1, 'This field is required.').max(200),
  profileImageUrl: ownImageUrl('profiles').nullable().optional(),
});

export const adminEmailRequest = z.object({ email: z.email().max(320) });

export const invitationInfo = z.object({
  email: z.string(),
  name: z.string(),
  kind: z.enum(['member', 'admin']),
  companyTitle: z.string().nullable(),
  role: memberRole.nullable(),
  /** A new account: the invitee chooses a name and password on the link's page (local accounts). */
  needsPassword: z.boolean(),
  /** The e-mail has an account already: it accepts by signing in as itself, never by setting a password. */
  existingAccount: z.boolean(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

export const acceptInvitationRequest = z.object({
  name: z.string().trim().min(1, '* Required').max(200),
  password: z.string().min(8, 'At least 8 characters.').max(200),
});

export const outboxMessage = z.object({
  id: uuid,
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  state: z.enum(['queued', 'sent', 'failed', 'stored']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export const outboxPage = z.object({ items: z.array(outboxMessage), total: z.number().int() });
export const outboxQuery = z.object({
  recipient: z.string().trim().max(320).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
