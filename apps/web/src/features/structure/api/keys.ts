import { useQueryClient } from '@tanstack/react-query';
import { STRUCTURE_QUERY_ROOT } from '../../../lib/query-roots.ts';

/** Query keys of the structure feature; everything of a company sits under `company(companyId)`. */
export const structureKeys = {
  all: [STRUCTURE_QUERY_ROOT] as const,
  company: (companyId: string) => [...structureKeys.all, companyId] as const,
  tree: (companyId: string) => [...structureKeys.company(companyId), 'tree'] as const,
  /** `folderId` null: the company's own overview (its dashboard). */
  overview: (companyId: string, folderId: string | null) =>
    [...structureKeys.company(companyId), 'overview', folderId ?? 'company'] as const,
  equipmentTag: (companyId: string, tagId: string) =>
    [...structureKeys.company(companyId), 'equipment-tag', tagId] as const,
  assignedMembers: (companyId: string, tagId: string) =>
    [...structureKeys.company(companyId), 'assigned-members', tagId] as const,
  activeMembers: (companyId: string) => [...structureKeys.company(companyId), 'active-members'] as const,
  emailSchedules: (companyId: string, tagId: string) =>
    [...structureKeys.company(companyId), 'email-schedules', tagId] as const,
  reportConfig: (companyId: string, kind: 'MCA' | 'RVS') =>
    [...structureKeys.company(companyId), 'report-config', kind] as const,
  reportMembers: (companyId: string, kind: 'MCA' | 'RVS') =>
    [...structureKeys.company(companyId), 'report-members', kind] as const,
  places: (geocoderUrl: string, search: string) =>
    [...structureKeys.all, 'places', geocoderUrl, search] as const,
};

/**
 * After a folder, equipment tag, model or assignment changes: reload the company's tree and overviews
 * (spec 01 §4 'the tree reloads').
 */
export function useStructureChanged() {
  const queryClient = useQueryClient();
  return (companyId: string) => queryClient.invalidateQueries({ queryKey: structureKeys.company(companyId) });
}

/** Names the company of a call, so its mutation knows what to reload. */
export type InCompany = { companyId: string };
