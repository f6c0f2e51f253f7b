import type { TreeNode } from '@sdp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useQuery } from '../../../lib/use-query.ts';
import { structureKeys } from './keys.ts';

/** The company's whole tree: root (primary folder) → folders → equipment tags → models, as the viewer may see it. */
export function getTree(companyId: string, { signal }: { signal?: AbortSignal } = {}): Promise<TreeNode> {
  return apiClient.get<TreeNode>('/api/v1/structure-item-company', {
    query: { company_id: companyId },
    signal,
  });
}

export function treeQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: structureKeys.tree(companyId),
    queryFn: ({ signal }) => getTree(companyId, { signal }),
  });
}

export function useTree(companyId: string) {
  return useQuery(treeQueryOptions(companyId));
}
