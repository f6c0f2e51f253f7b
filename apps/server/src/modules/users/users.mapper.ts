import { type MeResponse, memberRole, type Permission } from '@sdp/contracts';
import { companyRolePermissions } from '../../auth/permissions.ts';
import type { UserCompanyRow, UserRow } from './users.repository.ts';

export function toMe(
  user: UserRow & { language?: 'en' | 'th' | null },
  companies: UserCompanyRow[],
  selectedCompanyId: string | null,
  permissions: readonly Permission[],
): MeResponse {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.platform_role,
    image: user.image_url,
    profileImageUrl: user.image_url,
    status: user.status,
    companies: companies.map((company) => ({
      id: company.id,
      title: company.title,
      description: company.description,
      image_path: company.image_path,
      initial_code: company.initial_code,
      start_date: company.start_date,
      end_date: company.end_date,
      rvs_upgrade: company.rvs_upgrade,
      time_zone: company.time_zone,
      role: company.role,
    })),
    selectedCompanyId,
    permissions: [...permissions],
    grantableRoles: memberRole.options.filter((role) =>
      companyRolePermissions[role].every((needed) => permissions.includes(needed)),
    ),
    language: user.language ?? null,
  };
}
