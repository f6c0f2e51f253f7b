import { z } from 'zod';
import { isoDate, uuid } from './common.ts';

/** Platform role: ADMIN manages companies and administrators; everybody else is USER. */
export const platformRole = z.enum(['ADMIN', 'USER']);
export type PlatformRole = z.infer<typeof platformRole>;

/** Company roles as member records spell them (spec 01 §3, §6). */
export const memberRole = z.enum(['owner', 'owner_rvs', 'supmem', 'member']);
export type MemberRole = z.infer<typeof memberRole>;

export const memberStatus = z.enum(['pending', 'active', 'inactive']);
export type MemberStatus = z.infer<typeof memberStatus>;

/** Named permissions of spec 01 §6 and spec 03 §6, plus the ones the portal needs to guard its other calls. */
export const permission = z.enum([
  'ViewCompany',
  'ManageCompanies',
  'ManageAdmins',
  'InviteMemberToCompany',
  'RemoveMemberFromCompany',
  'ManageFolder',
  'ManageEquipmentTag',
  'DeleteEquipmentTag',
  'AssignMemberToEquipmentTag',
  'ManageDataModel',
  'ConfigDataModelInfo',
  'ManageMcaReport',
  'ManageRvsReport',
  'ManageSensorPointNotes',
  'ManageFaultEvents',
  'ManageIngestKeys',
  'ViewAllEquipment',
  'ViewAuditLog',
]);
export type Permission = z.infer<typeof permission>;

/**
 * Why a sign-in through the identity provider failed, as `?error=` of the sign-in page: a code, never text, so a
 * crafted link cannot make the page say anything (issue 23 item 13). The web shows a fixed message per code.
 */
export const signInErrorCode = z.enum([
  'refused',
  'expired',
  'no-identity',
  'unverified',
  'no-account',
  'failed',
]);
export type SignInErrorCode = z.infer<typeof signInErrorCode>;

/** `POST /auth/oidc/logout`: where the browser goes next (the issuer's end-session page, or our sign-out page). */
export const oidcLogoutResponse = z.object({ url: z.string() });
export type OidcLogoutResponse = z.infer<typeof oidcLogoutResponse>;

export const loginRequest = z.object({
  email: z.email().max(320),
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const authConfigResponse = z.object({
  mode: z.enum(['local', 'oidc']),
  reportIssueUrl: z.string().nullable(),
});
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;

export const myCompany = z.object({
  id: uuid,
  title: z.string(),
  description: z.string(),
  image_path: z.string().nullable(),
  initial_code: z.string(),
  start_date: isoDate,
  end_date: isoDate,
  rvs_upgrade: z.boolean(),
  time_zone: z.string(),
  role: memberRole.nullable(),
});
export type MyCompany = z.infer<typeof myCompany>;

export const meResponse = z
  .object({
    id: uuid,
    name: z.string(),
    email: z.string(),
    role: platformRole,
    image: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    status: memberStatus,
    companies: z.array(myCompany),
    selectedCompanyId: uuid.nullable(),
    permissions: z.array(permission),
    /**
     * The roles this user may give in the same company: those whose permissions they hold (issue 11 item 6).
     * Always sent by the server.
     */
    grantableRoles: z.array(memberRole).optional(),
    /**
     * The language the user's mails are written in, as last chosen in the web app; null until they chose one. The
     * web app sends its language only when it differs. Always sent by the server.
     */
    language: z.enum(['en', 'th']).nullable().optional(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponse>;

export const loginResponse = z.object({ user: meResponse, redirectTo: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const selectCompanyRequest = z.object({ company_id: uuid });
export type SelectCompanyRequest = z.infer<typeof selectCompanyRequest>;

/** The language the user reads the portal in: the server writes their mails in it (issue 27 item 5). */
export const userLanguageRequest = z.object({ language: z.enum(['en', 'th']) }).meta({ id: 'UserLanguage' });
export type UserLanguageRequest = z.infer<typeof userLanguageRequest>;
