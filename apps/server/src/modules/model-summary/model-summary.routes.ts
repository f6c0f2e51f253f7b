import {
  errorResponse,
  mcaOverallStatusRow,
  overallStatusQuery,
  overallStatusRow,
  vcaOverallStatusRow,
} from '@sdp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireAuth } from '../../auth/access.ts';
import type { EquipmentVisibility } from '../../auth/equipment-visibility.ts';
import type { MasterRepository } from '../models/master.repository.ts';
import type { ModelsRepository } from '../models/models.repository.ts';
import type { TimeseriesRepository } from '../timeseries/timeseries.repository.ts';
import { lifeStatuses, loadDriveModel } from '../vca/drive-model.ts';
import type { VcaRepository } from '../vca/vca.repository.ts';
import type { ModelSummaryRepository } from './model-summary.repository.ts';

interface Options {
  repository: ModelSummaryRepository;
  vca: VcaRepository;
  timeseries: TimeseriesRepository;
  models: ModelsRepository;
  master: MasterRepository;
  visibility: EquipmentVisibility;
}

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const MCA_TYPE = 2;
const VCA_TYPE = 3;

/**
 * Company-wide status tables (spec 02 §3 "Overall status rows", §7; issue 13 item 4): who sees which equipment
 * is the same server function as every other read, so a member gets the rows of the equipment assigned to them.
 */
export const modelSummaryRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { repository, vca: vcaRepository, timeseries, models, master, visibility },
) => {
  const byCompany = {
    access: access.company('ViewCompany', (request) => (request.query as { company_id?: string }).company_id),
  };

  async function visibleModels(request: Parameters<typeof requireAuth>[0], companyId: string) {
    const auth = requireAuth(request);
    const tags = await visibility.visibleTags(auth.userId, companyId, auth.permissions);
    return repository.companyModels(companyId, tags ? [...tags] : null, auth.platformRole === 'ADMIN');
  }

  app.get(
    '/model_summary/overall_status',
    {
      config: byCompany,
      schema: {
        tags: ['model-summary'],
        summary:
          'Every model of the company the user sees: type, status, in warning or alarm since, last data',
        querystring: overallStatusQuery,
        response: { 200: z.array(overallStatusRow), ...errors },
      },
    },
    async (request) => {
      const rows = await visibleModels(request, request.query.company_id);
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
  );

  app.get(
    '/model_summary/overall_status/mca',
    {
      config: byCompany,
      schema: {
        tags: ['model-summary'],
        summary:
          'MCA models of the company: airgap, bearing, rotor, stator, terminal box and overall statuses',
        querystring: overallStatusQuery,
        response: { 200: z.array(mcaOverallStatusRow), ...errors },
      },
    },
    async (request) => {
      const rows = (await visibleModels(request, request.query.company_id)).filter(
        (row) => row.model_type_id === MCA_TYPE,
      );
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
  );

  app.get(
    '/model_summary/overall_status/vca',
    {
      config: byCompany,
      schema: {
        tags: ['model-summary'],
        summary:
          'VCA models of the company: cooling fan, DC-link capacitor, inverter, rectifier, stress, control card',
        querystring: overallStatusQuery,
        response: { 200: z.array(vcaOverallStatusRow), ...errors },
      },
    },
    async (request) => {
      const rows = (await visibleModels(request, request.query.company_id)).filter(
        (row) => row.model_type_id === VCA_TYPE,
      );
      return Promise.all(
        rows.map(async (row) => {
          const vca = await loadDriveModel({ models, master, timeseries }, row.id);
          const life = await lifeStatuses(vcaRepository, vca);
          const parts = {
            'cooling-fan': vca.partStatus('cooling_fan', life),
            'dc-link-capacitor': vca.partStatus('dc_link_capacitor', life),
            inverter: vca.partStatus('inverter'),
            rectifier: vca.partStatus('rectifier'),
            stress: vca.partStatus('stress'),
            'control-card': vca.partStatus('control_card'),
          };
          return {
            equipment_name: row.equipment_name,
            model_id: row.id,
            model_name: row.title,
            ...parts,
            'overall-status': Math.max(...Object.values(parts)),
          };
        }),
      );
    },
  );
};
