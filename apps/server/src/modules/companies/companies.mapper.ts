import type { Company } from '@sdp/contracts';
import type { CompanyRow } from './companies.repository.ts';

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    title: row.title,
    name: row.title,
    description: row.description,
    image_path: row.image_path,
    image: row.image_path,
    initial_code: row.initial_code,
    start_date: row.start_date,
    end_date: row.end_date,
    rvs_upgrade: row.rvs_upgrade,
    time_zone: row.time_zone,
    retention_days: row.retention_days,
    deleted_at: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}
