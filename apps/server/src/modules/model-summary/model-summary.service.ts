import type { McaOverallStatusRow, OverallStatusRow, VcaOverallStatusRow } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import type { VcaService } from '../vca/vca.service.ts';
import type { ModelSummaryRepository } from './model-summary.repository.ts';

/** What the status tables read: the company's models and statuses, who sees which equipment, a drive's parts. */
export interface ModelSummaryServiceDeps {
  repository: Pick<ModelSummaryRepository, 'companyModels' | 'componentStatuses'>;
  visibility: Pick<EquipmentVisibility, 'visibleTags'>;
  vca: Pick<VcaService, 'summaryParts'>;
}

/** The signed-in user a table is read for. */
export type Viewer = Pick<AuthContext, 'userId' | 'permissions' | 'platformRole'>;

const MCA_TYPE = 2;
const VCA_TYPE = 3;

/**
 * Company-wide status tables (spec 02 §3 "Overall status rows", §7; issue 13 item 4): who sees which equipment
 * is the same server function as every other read, so a member gets the rows of the equipment assigned to them.
 */
export function createModelSummaryService({ repository, visibility, vca }: ModelSummaryServiceDeps) {
  /** The company's models on the equipment the viewer sees; inactive ones for platform admins only. */
  async function visibleModels(viewer: Viewer, companyId: string) {
    const tags = await visibility.visibleTags(viewer.userId, companyId, viewer.permissions);
    return repository.companyModels(companyId, tags ? [...tags] : null, viewer.platformRole === 'ADMIN');
  }

  return {
    /** Every visible model: type, status, in warning or alarm since, last data. */
    async overallStatus(viewer: Viewer, companyId: string): Promise<OverallStatusRow[]> {
      const rows = await visibleModels(viewer, companyId);
      return rows.map((row) => ({
        model_id: row.id,
        model_name: row.title,
        model_code: row.code,
        model_type_id: row.model_type_id,
        equipment_id: row.equipment_tag_id,
        equipment_name: row.equipment_name,
        equipment_alias: row.equipment_alias,
        isActive: row.is_active,
        // An inactive model is disabled (-2) whatever its last status was.
        status: row.is_active ? row.status : -2,
        alarmSince: row.is_active ? (row.alarm_since?.toISOString() ?? null) : null,
        lastDataAt: row.last_data_at?.toISOString() ?? null,
      }));
    },

    /** Visible MCA models: each part's stored component status (-1 without one) and the worst as overall. */
    async mcaStatus(viewer: Viewer, companyId: string): Promise<McaOverallStatusRow[]> {
      const rows = (await visibleModels(viewer, companyId)).filter((row) => row.model_type_id === MCA_TYPE);
      const components = await repository.componentStatuses(rows.map((row) => row.id));
      return rows.map((row) => {
        const own = components.filter((component) => component.model_id === row.id);
        const of = (code: string) => own.find((component) => component.component === code)?.status ?? -1;
        return {
          equipment_name: row.equipment_name,
          model_id: row.id,
          model_name: row.title,
          airgapStatus: of('airgap'),
          bearingStatus: of('bearing'),
          rotorStatus: of('rotor'),
          statorStatus: of('stator'),
          terminalBoxStatus: of('terminal'),
          overAllStatus: Math.max(-1, ...own.map((component) => component.status)),
        };
      });
    },

    /** Visible VCA models with their drive's part statuses, as the VCA diagram evaluates them. */
    async vcaStatus(viewer: Viewer, companyId: string): Promise<VcaOverallStatusRow[]> {
      const rows = (await visibleModels(viewer, companyId)).filter((row) => row.model_type_id === VCA_TYPE);
      return Promise.all(
        rows.map(async (row) => ({
          equipment_name: row.equipment_name,
          model_id: row.id,
          model_name: row.title,
          ...(await vca.summaryParts(row.id)),
        })),
      );
    },
  };
}

export type ModelSummaryService = ReturnType<typeof createModelSummaryService>;
