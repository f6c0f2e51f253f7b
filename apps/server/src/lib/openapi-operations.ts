import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { errorResponse } from '@sdp/contracts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Access } from '../auth/access.ts';

/**
 * What client generators read from the OpenAPI document besides the routes' own schemas (issue 29), kept in one
 * place instead of in every route file: the operationId of each operation, the `{ detail }` answers every route
 * can give, the tags' descriptions, and a document without components nobody refers to.
 */

/**
 * `METHOD /path` → operationId: the verb and noun a caller would name the call by. Stable: a generated client's
 * method names come from here, so an entry never changes once published; a new route adds its own entry
 * (openapi-operations.test.ts fails on an operation without one or on two operations with one name).
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  'GET /healthz': 'getHealth',
  'GET /readyz': 'getReadiness',
  'GET /auth/config': 'getSignInConfig',
  'POST /auth/login': 'signIn',
  'POST /auth/logout': 'signOut',
  'GET /auth/invitations/{token}': 'getInvitation',
  'POST /auth/invitations/{token}/accept': 'acceptInvitation',
  'POST /auth/invitations/{token}/accept-signed-in': 'acceptInvitationSignedIn',
  'GET /api/v1/users/me': 'getMe',
  'PUT /api/v1/users/me/company': 'selectCompany',
  'PUT /api/v1/users/me/language': 'setMyLanguage',
  'GET /api/v1/companies': 'listCompanies',
  'POST /api/v1/companies': 'createCompany',
  'GET /api/v1/companies/{id}': 'getCompany',
  'PUT /api/v1/companies/{id}': 'updateCompany',
  'DELETE /api/v1/companies/{id}': 'deleteCompany',
  'PUT /api/v1/companies/{id}/retention': 'setCompanyRetention',
  'POST /api/v1/companies/{id}/restore': 'restoreCompany',
  'GET /api/v1/companies/{id}/members': 'listMembers',
  'GET /api/v1/companies/{id}/members-only': 'listActiveMembers',
  'POST /api/v1/companies/{id}/members/invite': 'inviteMember',
  'POST /api/v1/member/reinvite': 'reinviteMember',
  'POST /api/v1/member/active': 'activateMember',
  'DELETE /api/v1/member/inactive': 'deactivateMember',
  'PUT /api/v1/member/profile-edit': 'editMember',
  'PUT /api/v1/member/switch-role': 'switchMemberRole',
  'PUT /api/v1/memberswitch-role': 'switchMemberRoleAlias',
  'PUT /api/v1/member/profile': 'editOwnProfile',
  'GET /api/v1/admins': 'listAdmins',
  'POST /api/v1/admins': 'inviteAdmin',
  'PUT /api/v1/admins/profile-edit': 'editAdmin',
  'POST /api/v1/admins/reinvite': 'reinviteAdmin',
  'POST /api/v1/admins/active': 'activateAdmin',
  'DELETE /api/v1/admins/{id}': 'deactivateAdmin',
  'GET /api/v1/mail-outbox': 'listOutboxMails',
  'GET /api/v1/structure-item-company': 'getStructureTree',
  'GET /api/v1/companies/{id}/dashboard': 'getCompanyDashboard',
  'GET /api/v1/structure-item/{id}/overview': 'getFolderOverview',
  'POST /api/v1/structure-item': 'createFolder',
  'PUT /api/v1/structure-item': 'updateFolder',
  'DELETE /api/v1/structure-item/{id}': 'deleteStructureItem',
  'GET /api/v1/equipment-tag/{id}': 'getEquipmentTag',
  'POST /api/v1/equipment-tag': 'createEquipmentTag',
  'PUT /api/v1/equipment-tag': 'updateEquipmentTag',
  'GET /api/v1/equipment-tag-images/{id}': 'listEquipmentTagImages',
  'DELETE /api/v1/equipment-tag-images/{id}': 'deleteEquipmentTagImage',
  'POST /api/v1/equipment-tag-images': 'addEquipmentTagImage',
  'GET /api/v1/equipment_model_member': 'listEquipmentTagMembers',
  'POST /api/v1/equipment_model_member': 'assignEquipmentTagMembers',
  'POST /api/v1/equipment-models': 'createModel',
  'GET /api/v1/equipment-models': 'listModels',
  'GET /api/v1/equipment-models/{id}': 'getModel',
  'PUT /api/v1/equipment-models/{id}': 'updateModel',
  'DELETE /api/v1/equipment-models/{id}': 'deactivateModel',
  'GET /api/v1/equipment-models/{id}/motor-data': 'getModelMotorData',
  'GET /api/v1/equipment-models/{id}/v_and_i_locus': 'getModelViLocusReference',
  'GET /api/v1/equipment-models/alarm-management/persistence/{id}': 'getModelPersistence',
  'PATCH /api/v1/equipment-model-configurations/{id}': 'updateModelConfigurationValue',
  'GET /api/v1/equipment-models/{id}/export': 'exportModelConfiguration',
  'POST /api/v1/equipment-models/{id}/recommendation': 'uploadModelRecommendations',
  'GET /api/v1/equipment-models/{id}/recommendation': 'downloadModelRecommendations',
  'POST /api/v1/equipment-model-offlines': 'createOfflineModel',
  'GET /api/v1/equipment-model-offlines': 'listOfflineModels',
  'GET /api/v1/equipment-model-offlines/{id}': 'getOfflineModel',
  'PUT /api/v1/equipment-model-offlines/{id}': 'updateOfflineModel',
  'DELETE /api/v1/equipment-model-offlines/{id}': 'deleteOfflineModel',
  'GET /api/v1/equipment-models/alarm-management/master': 'listDefaultPersistence',
  'GET /api/v1/equipments/model-types/{id}/configuration-informations': 'listConfigurationInformation',
  'GET /api/v1/alarm-limit-group/all': 'listAlarmLimitGroups',
  'GET /api/v1/alarm-limit-group/{id}/sensor-type': 'listAlarmLimitGroupSensorTypes',
  'GET /api/v1/equipment-models/alarm-limit-group_master/all': 'getAlarmLimitMaster',
  'GET /api/v1/vsd-sensor-types': 'listVsdSensorTypes',
  'GET /api/v1/vsd-brands': 'listDriveBrands',
  'GET /api/v1/vsd-brands/{id}/models': 'listDriveModels',
  'GET /api/v1/health-monitoring/tabs': 'listHealthMonitoringTabs',
  'GET /api/v1/sensor-points': 'listSensorPoints',
  'GET /api/v1/machine-templates': 'listMachineTemplates',
  'GET /api/v1/bearings': 'listBearings',
  'POST /api/v1/upload/companys': 'uploadCompanyLogo',
  'POST /api/v1/upload/profiles': 'uploadProfilePicture',
  'POST /api/v1/upload/equipment-tags': 'uploadEquipmentImage',
  'GET /api/v1/files/{kind}/{name}': 'getUploadedFile',
  'GET /api/v1/equipment-models/{id}/images': 'listModelImages',
  'POST /api/v1/equipment-models/{id}/images': 'uploadModelImage',
  'DELETE /api/v1/equipment-models/{id}/images/{imageId}': 'deleteModelImage',
  'GET /api/v1/equipment-models/{id}/documents': 'getModelDocuments',
  'POST /api/v1/equipment-models/{id}/documents': 'uploadModelDocument',
  'GET /api/v1/companies/{id}/audit-log': 'searchCompanyAuditLog',
  'GET /api/v1/audit-log': 'searchAuditLog',
  'GET /api/v1/companies/{id}/ingest-keys': 'listIngestKeys',
  'POST /api/v1/companies/{id}/ingest-keys': 'createIngestKey',
  'DELETE /api/v1/companies/{id}/ingest-keys/{keyId}': 'revokeIngestKey',
  'GET /api/v1/events': 'streamEvents',
  'GET /api/v1/equipment-models/{id}/status-history': 'getModelStatusHistory',
  'GET /api/v1/equipment-models/{id}/series': 'listModelSeries',
  'GET /api/v1/equipment-models/{id}/series/data': 'getSeriesData',
  'GET /api/v1/equipment-models/{id}/waveforms': 'listModelWaveforms',
  'GET /api/v1/waveforms/{id}/spectrum': 'getWaveformSpectrum',
  'GET /api/v1/waveforms/{id}/envelope': 'getWaveformEnvelope',
  'GET /api/v1/waveforms/{id}/time': 'getWaveformTime',
  'GET /api/v1/equipment-models/tr-summary-status/{id}': 'getTransformerSummary',
  'GET /api/v1/equipment-models/{id}/summary': 'getModelSummary',
  'GET /api/v1/health_monitoring/tr-model-result-data/new': 'getTransformerHealthTrends',
  'GET /api/v1/advance-analysis/dga-result': 'getDgaResult',
  'GET /api/v1/advance-analysis/dga-raw': 'getDgaHistory',
  'GET /api/v1/advance-analysis/dga-detail': 'getDuvalZones',
  'GET /api/v1/advance-analysis/dga-calculate': 'calculateDga',
  'GET /api/v1/advance-analysis/transformer-losses': 'getTransformerLosses',
  'GET /api/v1/vi-locus/locus-list': 'listViLoci',
  'GET /api/v1/vi-locus/files': 'listViLocusCaptures',
  'GET /api/v1/vi-locus/result': 'getViLocusResult',
  'GET /api/v1/correlation/q-setting': 'listCorrelationPairs',
  'GET /api/v1/correlation/score-result': 'getCorrelationScoreTrend',
  'GET /api/v1/correlation/tag-result': 'getCorrelationTagScatter',
  'GET /api/v1/advance-analysis/pd-files': 'listPdCaptures',
  'GET /api/v1/advance-analysis/pd-result': 'getPdScatter',
  'GET /api/v1/vca-result-data/diagram': 'getVcaDiagram',
  'GET /api/v1/vca-model-trend-signal/trend-signal/new': 'getVcaTrendSignals',
  'GET /api/v1/vca-result-data/rul': 'getVcaRemainingLife',
  'GET /api/v1/vca-result-data/temperature': 'getVcaTemperature',
  'GET /api/v1/vca-result-data/overall': 'getVcaOverallLife',
  'GET /api/v1/vca-result-data/file-names': 'listVcaCaptures',
  'GET /api/v1/vca-result-data/time-domain': 'getVcaTimeDomain',
  'GET /api/v1/vca-result-data/frequency': 'getVcaSpectrum',
  'GET /api/v1/evs/status': 'getEvsStatus',
  'GET /api/v1/evs/result': 'getEvsResult',
  'GET /api/v1/rvs-graph-result/sensors': 'listRvsSensors',
  'GET /api/v1/rvs-graph-result/axis-filter': 'getRvsAxisLabels',
  'GET /api/v1/rvs-graph-result/file-names': 'listRvsCaptures',
  'GET /api/v1/rvs-graph-result/spectrum': 'getRvsSpectrum',
  'GET /api/v1/rvs-graph-result/waterfall': 'getRvsWaterfall',
  'GET /api/v1/rvs-graph-result/time-waveform': 'getRvsTimeWaveform',
  'GET /api/v1/rvs-graph-result/trend': 'getRvsOverallTrend',
  'GET /api/v1/rvs-result/fault-parameters': 'listRvsFaultParameters',
  'GET /api/v1/rvs-result/parameter-trend': 'getRvsParameterTrend',
  'GET /api/v1/rvs-failure-mode/graph/history-failure-mode/{id}': 'getRvsFailureHistory',
  'GET /api/v1/rvs-failure-mode/model-failure-mode/{id}': 'getRvsPredictedFailures',
  'GET /api/v1/rvs-failure-mode/overall-failure-mode/{id}': 'getRvsMachineStatus',
  'GET /api/v1/rvs-result/sensor-detail': 'getRvsSensorDetail',
  'GET /api/v1/model_summary/overall_status': 'listModelStatuses',
  'GET /api/v1/model_summary/overall_status/mca': 'listMcaModelStatuses',
  'GET /api/v1/model_summary/overall_status/vca': 'listVcaModelStatuses',
  'GET /api/v1/fault-event/{tagId}': 'listModelFaultEvents',
  'GET /api/v1/fault-eventfault-event-count': 'countOpenFaultEventsAlias',
  'GET /api/v1/fault-event/count': 'countOpenFaultEvents',
  'GET /api/v1/fault-event/details/{id}': 'getFaultEvent',
  'GET /api/v1/fault-event/members': 'listFaultEventRecipients',
  'POST /api/v1/fault-event/acknowledge': 'acknowledgeFaultEvent',
  'PATCH /api/v1/fault-event/comment': 'updateFaultEventComment',
  'POST /api/v1/fault-event/done': 'closeFaultEvent',
  'POST /api/v1/fault-event/bulk': 'updateFaultEventsInBulk',
  'GET /api/v1/fault-event/history': 'listFaultEventHistory',
  'GET /api/v1/fault-event/export': 'exportFaultEvents',
  'GET /api/v1/fault-events': 'listCompanyFaultEvents',
  'GET /api/v1/fault-event/precision': 'getModelAlarmPrecision',
  'GET /api/v1/fault-events/precision': 'getCompanyAlarmPrecision',
  'GET /api/v1/fault-event/scheduler/status': 'getRealTimeFaultMailStatus',
  'POST /api/v1/fault-event/scheduler/enable': 'enableRealTimeFaultMail',
  'DELETE /api/v1/fault-event/scheduler/disable': 'disableRealTimeFaultMail',
  'GET /api/v1/fault-event/scheduler/preferences': 'getFaultMailPreferences',
  'PUT /api/v1/fault-event/scheduler/preferences': 'setFaultMailPreferences',
  'GET /api/v1/fault-event/escalation-policy': 'getEscalationPolicy',
  'PUT /api/v1/fault-event/escalation-policy': 'setEscalationPolicy',
  'GET /api/v1/note/get/note-topic/all': 'listNotes',
  'POST /api/v1/note/note-topic': 'createNote',
  'PUT /api/v1/note/update/note-topic': 'updateNote',
  'DELETE /api/v1/note/note-topic/{id}': 'deleteNote',
  'GET /api/v1/note/note/comment': 'getNoteWithComments',
  'POST /api/v1/note-comment': 'createNoteComment',
  'PUT /api/v1/note-comment/{id}': 'updateNoteComment',
  'DELETE /api/v1/note-comment/{id}': 'deleteNoteComment',
  'GET /api/v1/rvs/sensor-point-notes': 'listSensorPointNotes',
  'POST /api/v1/rvs/sensor-point-notes': 'createSensorPointNote',
  'PUT /api/v1/rvs/sensor-point-notes': 'updateSensorPointNote',
  'DELETE /api/v1/rvs/sensor-point-notes': 'deleteSensorPointNote',
  'GET /api/v1/email_task_scheduler/scheduler/{id}': 'listEmailSchedules',
  'DELETE /api/v1/email_task_scheduler/scheduler/{id}': 'deleteEmailSchedule',
  'POST /api/v1/email_task_scheduler/scheduler': 'createEmailSchedules',
  'PUT /api/v1/email_task_scheduler/scheduler': 'updateEmailSchedules',
  'GET /api/v1/companies/{id}/online-report/MCA': 'getMcaReportSettings',
  'PUT /api/v1/companies/{id}/online-report/MCA': 'updateMcaReportSettings',
  'GET /api/v1/companies/{id}/report-members/MCA': 'listMcaReportMembers',
  'GET /api/v1/companies/{id}/online-report/RVS': 'getRvsReportSettings',
  'PUT /api/v1/companies/{id}/online-report/RVS': 'updateRvsReportSettings',
  'GET /api/v1/companies/{id}/report-members/RVS': 'listRvsReportMembers',
  'GET /api/v1/companies/{id}/online-report/pdf': 'renderReportPdf',
  'GET /api/v1/companies/{id}/report-files/{fileId}': 'getReportFile',
  'GET /api/v1/mca-result-data-new/{id}/result_data_new': 'getMcaTimeSeries',
  'GET /api/v1/mca-result-diagnostic/{id}/result_dianostic': 'getMcaDiagnosticSpecSpelling',
  'GET /api/v1/mca-result-diagnostic/{id}/result_diagnostic': 'getMcaDiagnostic',
  'GET /api/v1/mca-result-data-new/{id}/file_name': 'listMcaCaptures',
  'GET /api/v1/mca-result-data-new/{id}/time_domain': 'getMcaTimeDomain',
  'GET /api/v1/mca-result-data-new/{id}/frequency': 'getMcaSpectrum',
  'GET /api/v1/mca-result-data-new/{id}/frequency_3d': 'getMcaSpectrum3d',
  'GET /api/v1/mca-result-data-new/{id}/fault_frequency': 'getMcaFaultFrequencies',
  'GET /api/v1/mca-result-data-new/{id}/diagram_status': 'getMcaDiagram',
  'GET /api/v1/equipment-models/{id}/baseline': 'getModelBaseline',
  'POST /api/v1/equipment-models/{id}/baseline/reset': 'resetModelBaseline',
  'POST /api/v1/ingest/measurements': 'ingestMeasurements',
  'POST /api/v1/ingest/waveforms': 'ingestWaveform',
};

/** The areas operations are grouped by (each route names its tag), with what a reader finds there. */
export const OPENAPI_TAGS = [
  { name: 'health', description: 'Liveness and readiness probes for load balancers and orchestrators.' },
  { name: 'auth', description: 'Sign-in, sign-out and invitation links; the session is an HttpOnly cookie.' },
  { name: 'users', description: 'The signed-in user and the company the session works in.' },
  { name: 'companies', description: 'Companies and their data retention (platform administrators).' },
  { name: 'members', description: 'Members of a company: invitations, roles, activation.' },
  { name: 'profile', description: 'Your own name and picture.' },
  { name: 'admins', description: 'Platform administrators.' },
  { name: 'mail', description: 'Outgoing mail as sent, for administrators.' },
  { name: 'structure', description: 'The company tree: folders, equipment tags, their images and members.' },
  { name: 'models', description: 'Online and offline models of an equipment tag and their configuration.' },
  { name: 'lookups', description: 'Master data the configuration forms choose from.' },
  {
    name: 'uploads',
    description: 'Images uploaded for companies, profiles and equipment, and reading them back.',
  },
  { name: 'model-files', description: "A model's images and documents." },
  { name: 'audit', description: 'Who changed what and when.' },
  { name: 'ingest', description: 'Measurements and waveforms from machines, and the ingest keys they use.' },
  { name: 'events', description: 'Live events of a company (server-sent events).' },
  {
    name: 'timeseries',
    description: 'Series and stored waveforms of any model, reduced to the chart width.',
  },
  {
    name: 'transformer',
    description: 'Transformer dashboard: panels, DGA, losses, V–I locus, correlation, PD.',
  },
  { name: 'vca', description: 'Variable-speed drive analysis: diagram, trends, remaining life, captures.' },
  { name: 'evs', description: 'Edge vibration sensors: statuses and current analysis.' },
  { name: 'rvs', description: 'Raw vibration sensors: spectra, waterfall, trends, failure modes.' },
  { name: 'model-summary', description: 'Statuses of every model of a company.' },
  { name: 'fault-events', description: 'Fault events: the alarm list, acknowledge and done, mails.' },
  { name: 'notes', description: 'Notes and comments on models and on trend points.' },
  { name: 'e-mail schedules', description: 'Scheduled e-mail notifications of an equipment tag.' },
  { name: 'reports', description: 'Online reports and their PDFs.' },
  { name: 'baselines', description: "A model's learned normal bands and starting their learning anew." },
  { name: 'mca', description: 'Motor current analysis: time series, pattern recognition, spectra.' },
];

/** `GET /api/v1/companies/{id}` for Fastify's `/api/v1/companies/:id`. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The 4xx answers a route can give whatever its own code does, from what it declares: 400 for any request
 * (a NUL character in the query string is refused everywhere, nul-guard.ts, and so is a malformed parameter),
 * 401 without a session or key, 403 for a missing permission or a cross-site write (csrf.ts), 404 for a
 * company, model or path parameter that is not there or not visible.
 */
export function clientErrorStatuses(method: string, url: string, rule: Access | undefined): number[] {
  const statuses = [400];
  const kind = rule?.kind ?? 'public';
  if (kind !== 'public') statuses.push(401);
  if (
    kind === 'platformAdmin' ||
    kind === 'company' ||
    kind === 'equipment' ||
    kind === 'ingestKey' ||
    !SAFE_METHODS.has(method.toUpperCase())
  ) {
    statuses.push(403);
  }
  if (kind === 'company' || kind === 'equipment' || url.includes(':')) statuses.push(404);
  return statuses;
}

const UNDECLARED_SUCCESS = {
  description: 'The answer the summary describes: a file or a stream rather than JSON.',
  content: { '*/*': { schema: {} } },
};

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };

/**
 * The route transform of @fastify/swagger: the zod schemas become JSON Schema (fastify-type-provider-zod), after
 * every 4xx the route can answer is added as `{ detail }` where the route did not declare it, and the operation
 * gets its operationId. Only the document changes; what the route validates and serializes stays as declared.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const { route, url } = document;
  const schema = document.schema as RouteSchema | undefined;
  const methods = typeof route.method === 'string' ? [route.method] : route.method;
  const method = methods.find((candidate) => candidate !== 'HEAD') ?? methods[0] ?? 'GET';
  let withErrors = schema;
  if (schema && !schema.hide) {
    const response = { ...(schema.response ?? {}) };
    for (const status of clientErrorStatuses(method, url, route.config?.access)) {
      if (!(status in response)) response[status] = errorResponse;
    }
    withErrors = { ...schema, response };
  }
  const transformed = jsonSchemaTransform({ ...document, schema: withErrors ?? {} } as Parameters<
    typeof jsonSchemaTransform
  >[0]);
  const done = transformed.schema as RouteSchema | undefined;
  if (!done || done.hide) return transformed;
  const responses = { ...(done.response ?? {}) };
  // A route that declares no success schema (a file, a workbook, an event stream) still answers 200.
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) responses[200] = UNDECLARED_SUCCESS;
  const operationId = OPERATION_IDS[operationKey(method, url)];
  return {
    ...transformed,
    schema: { ...done, response: responses, ...(operationId ? { operationId } : {}) },
  };
};

/** The document transform: zod's registered components, then only those an operation refers to (directly or not). */
export const openApiTransformObject: SwaggerTransformObject = (document) => {
  const openapi = jsonSchemaTransformObject(document) as OpenApiLike;
  return withoutUnusedComponents(collapseSingleAnyOf(openapi)) as ReturnType<SwaggerTransformObject>;
};

interface OpenApiLike {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
  [key: string]: unknown;
}

const SCHEMA_REF = '#/components/schemas/';

function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF)) {
        into.add(item.slice(SCHEMA_REF.length));
      } else collectRefs(item, into);
    }
  }
}

/** Drops the component schemas no operation reaches: zod registers an input and an output twin of each. */
export function withoutUnusedComponents<T extends OpenApiLike>(document: T): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  collectRefs(document.paths, used);
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    const found = new Set<string>();
    collectRefs(schemas[name], found);
    for (const next of found) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** `anyOf: [X]` is X: zod writes it for a union of one, and generators then name a needless wrapper type. */
export function collapseSingleAnyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(collapseSingleAnyOf) as T;
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, item]) => [key, collapseSingleAnyOf(item)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = object.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 1 && anyOf[0] && typeof anyOf[0] === 'object') {
    const { anyOf: _single, ...rest } = object;
    return { ...rest, ...(anyOf[0] as Record<string, unknown>) } as T;
  }
  return object as T;
}
