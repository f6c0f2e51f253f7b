import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A date column: node-postgres is told to keep it as 'YYYY-MM-DD' text (see pool.ts). */
type DateText = string;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: Generated<string>;
  image_url: string | null;
  password_hash: string | null;
  platform_role: Generated<'ADMIN' | 'USER'>;
  status: Generated<'pending' | 'active' | 'inactive'>;
  oidc_subject: string | null;
  last_login_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CompaniesTable {
  id: Generated<string>;
  title: string;
  description: Generated<string>;
  image_path: string | null;
  initial_code: string;
  start_date: DateText;
  end_date: DateText;
  rvs_upgrade: Generated<boolean>;
  time_zone: Generated<string>;
  retention_days: Generated<number>;
  deleted_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MembershipsTable {
  company_id: string;
  user_id: string;
  role: 'owner' | 'owner_rvs' | 'supmem' | 'member';
  status: Generated<'pending' | 'active' | 'inactive'>;
  is_notify: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface StructureItemsTable {
  id: Generated<string>;
  company_id: string;
  parent_id: string | null;
  item_type: 'Folder' | 'EquipmentTag';
  title: string;
  alias: string | null;
  is_primary_folder: Generated<boolean>;
  is_disabled: Generated<boolean>;
  equipment_group_type: 'electric' | 'rotating' | 'static' | 'instrument' | 'process' | null;
  pos_lat: number | null;
  pos_lng: number | null;
  status: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface EquipmentTagImagesTable {
  id: Generated<string>;
  equipment_tag_id: string;
  url: string;
  image_name: string;
  image_size: number;
  created_at: CreatedAt;
}

export interface EquipmentModelsTable {
  id: Generated<string>;
  company_id: string;
  equipment_tag_id: string;
  model_type_id: number;
  title: string;
  code: string;
  is_active: Generated<boolean>;
  status: Generated<number>;
  recommendation_file_url: Generated<string | null>;
  recommendation_file_name: Generated<string | null>;
  last_data_at: NullableTimestamp;
  expected_interval_seconds: Generated<number>;
  /** Last Reset baseline (migration 0034): learned baselines learn again from this instant. */
  baseline_reset_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface EquipmentModelOfflinesTable {
  id: Generated<string>;
  company_id: string;
  equipment_tag_id: string;
  title: string;
  link_url: Generated<string>;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface EquipmentTagMembersTable {
  equipment_tag_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface EmailSchedulesTable {
  id: Generated<string>;
  company_id: string;
  equipment_tag_id: string;
  iterable: 1 | 7 | 30;
  is_warning: Generated<boolean>;
  is_alarm: Generated<boolean>;
  start_time: string;
  time_zone: Generated<string>;
  day: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ReportSettingsTable {
  company_id: string;
  kind: 'MCA' | 'RVS';
  is_auto_send: Generated<boolean>;
  interval_day: number | null;
  interval_time: string | null;
  updated_at: CreatedAt;
}

export interface ReportRecipientsTable {
  company_id: string;
  kind: 'MCA' | 'RVS';
  user_id: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  selected_company_id: string | null;
  id_token: string | null;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: Timestamp;
}

/** Sign-in attempts in a row that did not succeed, per e-mail hash or address (auth/login-throttle.repository.ts). */
export interface LoginThrottleTable {
  key: string;
  failures: Generated<number>;
  blocked_until: NullableTimestamp;
  updated_at: CreatedAt;
}

export interface OidcLoginRequestsTable {
  state: string;
  code_verifier: string;
  nonce: string;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  user_id: string | null;
  company_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface InvitationsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  company_id: string | null;
  invited_by: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type MailState = 'queued' | 'sent' | 'failed' | 'stored';

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  /** What the Mail outbox shows administrators: the text without its secrets (0010). Null: the text itself. */
  shown_text: string | null;
  state: Generated<MailState>;
  attempts: Generated<number>;
  last_error: string | null;
  company_id: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
  /** The report PDF the message carries (0021). */
  attachment_id: Generated<string | null>;
  /** One mail per schedule occurrence and recipient (0021). */
  run_key: Generated<string | null>;
}

/** A rendered report PDF (0021): the online report call's {url} and the attachment of auto-sent mail. */
export interface ReportFilesTable {
  id: Generated<string>;
  company_id: string;
  model_id: string | null;
  kind: 'MCA' | 'RVS';
  file_name: string;
  content: Buffer;
  created_by: string | null;
  created_at: CreatedAt;
}

/** Schedule occurrences already handled (0021). */
export interface ScheduleRunsTable {
  run_key: string;
  mails: Generated<number>;
  created_at: CreatedAt;
}

export interface ModelTypesTable {
  id: number;
  title: string;
  short_code: string;
  information_title: string;
}
export interface ConfigurationItemsTable {
  id: number;
  model_type_id: number;
  tag_code: string;
  title: string;
  unit_code: string;
  default_value: string;
}
export interface AlarmLimitGroupsTable {
  id: number;
  model_type_id: number;
  code: string;
  name: string;
}
export interface SensorTypesTable {
  id: number;
  group_id: number;
  model_type_id: number;
  tag_code: string;
  name: string;
  unit: string;
  default_warning: number | null;
  default_alarm: number | null;
  direction: 'high' | 'low';
}
export interface HealthMonitoringTabsTable {
  id: number;
  model_type_id: number;
  key: string;
  name: string;
  group_code: string;
}
export interface AlarmManagementMasterTable {
  model_type_id: number;
  persistence_from: number;
  persistence_to: number;
}
export interface VsdBrandsTable {
  id: number;
  name: string;
}
export interface VsdModelsTable {
  id: number;
  brand_id: number;
  name: string;
  capacitor_l0_hours: number;
  capacitor_t0_c: number;
  fan_l10_hours: number;
  fan_t0_c: number;
}
export interface NamedTable {
  id: number;
  name: string;
}
export interface MachineTemplatesTable extends NamedTable {
  description: string;
}
export interface BearingsTable {
  id: number;
  designation: string;
  rolling_elements: number;
  ball_diameter_mm: number;
  pitch_diameter_mm: number;
  contact_angle_deg: number;
}
export interface EquipmentModelSettingsTable {
  model_id: string;
  document: ColumnType<Record<string, unknown>, string, string>;
  updated_at: CreatedAt;
}
export interface EquipmentModelConfigurationsTable {
  id: Generated<number>;
  model_id: string;
  item_id: number;
  value: Generated<string>;
  selected: Generated<boolean>;
  updated_at: CreatedAt;
}
export interface ModelRecommendationsTable {
  model_id: string;
  tag_code: string;
  alarm_type: 1 | 2;
  message: string;
  cause: Generated<string>;
  recommendation: Generated<string>;
}

export interface IngestKeysTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** Mosquitto's PBKDF2-SHA512 hash of the key (broker password file); null for keys older than migration 0031. */
  broker_hash: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}
export interface SeriesTable {
  id: Generated<number>;
  model_id: string;
  tag: string;
  unit: Generated<string>;
  source: Generated<'input' | 'feature'>;
  created_at: CreatedAt;
}
/** A series' latest point, moved forward by every ingest batch (migration 0052, docs/decisions/0008). */
export interface SeriesLatestTable {
  series_id: number;
  last_ts: NullableTimestamp;
  last_value: number | null;
}
export interface MeasurementsTable {
  series_id: number;
  ts: Timestamp;
  value: number;
}
/** Points of a stored batch waiting for the analysis, per series, in arrival order (0012, decision 0005). */
export interface MeasurementArrivalsTable {
  id: Generated<number>;
  series_id: number;
  /** Little-endian float64 pairs (epoch milliseconds, value) in rows queued before migration 0048, else null. */
  points: Buffer | null;
  /** The transaction that wrote the batch's points of the series (their xmin), and their time range (0048). */
  written_by: string | null;
  t_from: Date | null;
  t_to: Date | null;
  created_at: CreatedAt;
}
export interface WaveformsTable {
  id: Generated<string>;
  model_id: string;
  sensor: string;
  kind: 'vibration' | 'current' | 'voltage';
  channel: 'x' | 'y' | 'z' | 'a' | 'b' | 'c';
  sample_rate: number;
  captured_at: Timestamp;
  unit: string;
  file_name: string;
  alias: Generated<string>;
  length: number;
  samples: Buffer;
  analysed_at: NullableTimestamp;
  created_at: CreatedAt;
}
export interface AlarmStatesTable {
  series_id: number;
  state: ColumnType<Record<string, unknown>, string, string>;
  status: Generated<number>;
  updated_at: CreatedAt;
}
export interface ModelComponentStatusTable {
  model_id: string;
  component: string;
  status: number;
  updated_at: CreatedAt;
}
/** One row per change of a model's status (migration 0043, docs/fault-events-and-notes.md "Status history"). */
export interface ModelStatusHistoryTable {
  model_id: string;
  changed_at: Date;
  status: number;
  source: 'evaluation' | 'no_data' | 'backfill';
  tag: string | null;
  value: number | null;
  recorded_at: CreatedAt;
}
export interface FaultEventsTable {
  id: Generated<number>;
  company_id: string;
  model_id: string;
  series_id: number | null;
  tag: string;
  event_date: Timestamp;
  alarm_type: 1 | 2;
  alarm_message: string;
  alarm_value: number;
  warning_limit: number | null;
  alarm_limit: number | null;
  sensor_id: string;
  cause: Generated<string>;
  recommendation: Generated<string>;
  is_acknowledged: Generated<boolean>;
  acknowledged_at: NullableTimestamp;
  acknowledged_by: string | null;
  acknowledged_msg: string | null;
  done_at: NullableTimestamp;
  done_by: string | null;
  done_msg: string | null;
  /** Which limit raised the level (migration 0033). */
  tripped_by: Generated<'fixed_limit' | 'learned_baseline' | 'duval_zone'>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface DemoStateTable {
  company_id: string;
  origin: Timestamp;
  created_at: CreatedAt;
}

/** Uploaded files and whom they belong to (migration 0009): the files route serves nothing without a row. */
export interface StoredFilesTable {
  kind: 'companys' | 'profiles' | 'equipment-tags' | 'recommendations' | 'model-images' | 'model-documents';
  name: string;
  content_type: string;
  size_bytes: ColumnType<string, number | string, number | string>;
  company_id: string | null;
  owner_user_id: string | null;
  /** Pictures and documents of a model (migration 0014): read by who sees its equipment. */
  model_id: ColumnType<string | null, string | null | undefined, string | null>;
  uploaded_by: string | null;
  created_at: CreatedAt;
}

/** Pictures of a model (migration 0014, spec 02 §3 Model image). */
export interface EquipmentModelImagesTable {
  id: Generated<string>;
  model_id: string;
  file_kind: Generated<'model-images'>;
  file_name: string;
  original_name: string;
  size_bytes: ColumnType<string, number | string, number | string>;
  created_by: string | null;
  created_at: CreatedAt;
}

/** PM report and manual of a model (migration 0014, spec 02 §3 Document info). */
export interface EquipmentModelDocumentsTable {
  model_id: string;
  doc_type: 'pm_report' | 'manual';
  file_kind: Generated<'model-documents'>;
  file_name: string;
  original_name: string;
  size_bytes: ColumnType<string, number | string, number | string>;
  uploaded_by: string | null;
  uploaded_at: CreatedAt;
}

export interface Database {
  stored_files: StoredFilesTable;
  equipment_model_images: EquipmentModelImagesTable;
  equipment_model_documents: EquipmentModelDocumentsTable;
  demo_state: DemoStateTable;
  ingest_keys: IngestKeysTable;
  series: SeriesTable;
  series_latest: SeriesLatestTable;
  measurements: MeasurementsTable;
  measurement_arrivals: MeasurementArrivalsTable;
  waveforms: WaveformsTable;
  alarm_states: AlarmStatesTable;
  model_component_status: ModelComponentStatusTable;
  model_status_history: ModelStatusHistoryTable;
  fault_events: FaultEventsTable;
  model_types: ModelTypesTable;
  configuration_items: ConfigurationItemsTable;
  alarm_limit_groups: AlarmLimitGroupsTable;
  sensor_types: SensorTypesTable;
  health_monitoring_tabs: HealthMonitoringTabsTable;
  alarm_management_master: AlarmManagementMasterTable;
  vsd_brands: VsdBrandsTable;
  vsd_models: VsdModelsTable;
  sensor_points: NamedTable;
  machine_templates: MachineTemplatesTable;
  bearings: BearingsTable;
  equipment_model_settings: EquipmentModelSettingsTable;
  equipment_model_configurations: EquipmentModelConfigurationsTable;
  model_recommendations: ModelRecommendationsTable;
  invitations: InvitationsTable;
  mail_outbox: MailOutboxTable;
  report_files: ReportFilesTable;
  schedule_runs: ScheduleRunsTable;
  users: UsersTable;
  companies: CompaniesTable;
  memberships: MembershipsTable;
  structure_items: StructureItemsTable;
  equipment_tag_images: EquipmentTagImagesTable;
  equipment_models: EquipmentModelsTable;
  equipment_model_offlines: EquipmentModelOfflinesTable;
  equipment_tag_members: EquipmentTagMembersTable;
  email_schedules: EmailSchedulesTable;
  report_settings: ReportSettingsTable;
  report_recipients: ReportRecipientsTable;
  sessions: SessionsTable;
  oidc_login_requests: OidcLoginRequestsTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
}
