import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { MasterData, MasterRepository } from './master.repository.ts';

const typeQuery = z.object({ equipment_type: z.coerce.number().int().min(1).max(5).optional() });

/** Rows of one model type, or all of them when no type is asked for. */
function ofType<T extends { model_type_id: number }>(rows: T[], typeId: number | undefined): T[] {
  return typeId ? rows.filter((row) => row.model_type_id === typeId) : rows;
}

/**
 * The master-data lookups the model forms read (spec 02): configuration items, alarm-limit groups and sensor types,
 * persistence defaults, drive brands and models, health-monitoring tabs, sensor points, machine templates, bearings.
 * Any signed-in user may read them; they come from memory (master.repository.ts).
 */
export const lookupsRoutes: FastifyPluginAsyncZod<{ master: MasterRepository }> = async (app, { master }) => {
  const signedIn = { access: access.signedIn() };

  app.get(
    '/equipment-models/alarm-management/master',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: "Default 'X out of Y' persistence per model type",
        response: {
          200: z.array(
            z.object({
              equipmentModelTypeId: z.number().int(),
              persistence_from: z.number().int(),
              persistence_to: z.number().int(),
            }),
          ),
        },
      },
    },
    async () =>
      (await master.get()).persistence.map((row) => ({
        equipmentModelTypeId: row.model_type_id,
        persistence_from: row.persistence_from,
        persistence_to: row.persistence_to,
      })),
  );

  app.get(
    '/equipments/model-types/:id/configuration-informations',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Configuration information items of a model type',
        params: z.object({ id: z.coerce.number().int().min(1).max(5) }),
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              title: z.string(),
              tagCode: z.string(),
              unitCode: z.string(),
              defaultValue: z.string(),
            }),
          ),
        },
      },
    },
    async (request) =>
      (await master.get()).configurationItems
        .filter((item) => item.model_type_id === request.params.id)
        .map((item) => ({
          id: item.id,
          title: item.title,
          tagCode: item.tag_code,
          unitCode: item.unit_code,
          defaultValue: item.default_value,
        })),
  );

  const sensorType = z.object({
    id: z.number().int(),
    name: z.string(),
    tagCode: z.string(),
    unit: z.string(),
    sensorGroupId: z.number().int(),
    equipmentModelTypeId: z.number().int(),
    warning: z.number().nullable(),
    alarm: z.number().nullable(),
    direction: z.enum(['high', 'low']),
  });
  const toSensorType = (row: MasterData['sensorTypes'][number]) => ({
    id: row.id,
    name: row.name,
    tagCode: row.tag_code,
    unit: row.unit,
    sensorGroupId: row.group_id,
    equipmentModelTypeId: row.model_type_id,
    warning: row.default_warning,
    alarm: row.default_alarm,
    direction: row.direction,
  });
  const group = z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    equipmentModelTypeId: z.number().int(),
  });
  const toGroup = (row: MasterData['groups'][number]) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    equipmentModelTypeId: row.model_type_id,
  });

  app.get(
    '/alarm-limit-group/all',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Alarm limit groups (of one type with ?equipment_type)',
        querystring: typeQuery,
        response: { 200: z.array(group) },
      },
    },
    async (request) => ofType((await master.get()).groups, request.query.equipment_type).map(toGroup),
  );

  app.get(
    '/alarm-limit-group/:id/sensor-type',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Sensor types of an alarm limit group, with default limits',
        params: z.object({ id: z.coerce.number().int() }),
        response: { 200: z.array(sensorType) },
      },
    },
    async (request) =>
      (await master.get()).sensorTypes.filter((row) => row.group_id === request.params.id).map(toSensorType),
  );

  app.get(
    '/equipment-models/alarm-limit-group_master/all',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary:
          'Alarm limit master form: the groups of a model type, each with its sensor types and default limits',
        querystring: typeQuery,
        response: { 200: z.array(group.extend({ sensorTypes: z.array(sensorType) })) },
      },
    },
    async (request) => {
      const data = await master.get();
      return ofType(data.groups, request.query.equipment_type).map((row) => ({
        ...toGroup(row),
        sensorTypes: data.sensorTypes.filter((sensor) => sensor.group_id === row.id).map(toSensorType),
      }));
    },
  );

  app.get(
    '/vsd-sensor-types',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary:
          "VSD sensor types (filter 'vsdtag' for the VSD tag table, 'rul' for remaining life, 'trend' for trend signals)",
        querystring: z.object({ filter: z.enum(['vsdtag', 'rul', 'trend']).optional() }),
        response: { 200: z.array(sensorType) },
      },
    },
    async (request) => {
      const data = await master.get();
      const code = { vsdtag: 'vsd', rul: 'rul', trend: 'trend' }[request.query.filter ?? 'vsdtag'];
      const ids = new Set(
        data.groups
          .filter((row) => row.model_type_id === 3 && (!request.query.filter || row.code === code))
          .map((row) => row.id),
      );
      return data.sensorTypes.filter((row) => ids.has(row.group_id)).map(toSensorType);
    },
  );

  app.get(
    '/vsd-brands',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Drive brands',
        response: { 200: z.array(z.object({ id: z.number().int(), name: z.string() })) },
      },
    },
    async () => (await master.get()).brands,
  );

  app.get(
    '/vsd-brands/:id/models',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Drive models of a brand with DC-link capacitor rated life L0 at T0 and fan L10 life',
        params: z.object({ id: z.coerce.number().int() }),
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              brandId: z.number().int(),
              name: z.string(),
              capacitorL0Hours: z.number(),
              capacitorT0C: z.number(),
              fanL10Hours: z.number(),
              fanT0C: z.number(),
            }),
          ),
        },
      },
    },
    async (request) =>
      (await master.get()).vsdModels
        .filter((row) => row.brand_id === request.params.id)
        .map((row) => ({
          id: row.id,
          brandId: row.brand_id,
          name: row.name,
          capacitorL0Hours: row.capacitor_l0_hours,
          capacitorT0C: row.capacitor_t0_c,
          fanL10Hours: row.fan_l10_hours,
          fanT0C: row.fan_t0_c,
        })),
  );

  app.get(
    '/health-monitoring/tabs',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Health monitoring sensor types: the secondary tabs of a model type',
        querystring: typeQuery,
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              key: z.string(),
              name: z.string(),
              groupCode: z.string(),
              equipmentModelTypeId: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) =>
      ofType((await master.get()).tabs, request.query.equipment_type).map((row) => ({
        id: row.id,
        key: row.key,
        name: row.name,
        groupCode: row.group_code,
        equipmentModelTypeId: row.model_type_id,
      })),
  );

  const named = z.array(z.object({ id: z.number().int(), name: z.string() }));
  app.get(
    '/sensor-points',
    { config: signedIn, schema: { tags: ['lookups'], summary: 'Sensor points', response: { 200: named } } },
    async () => (await master.get()).sensorPoints,
  );
  app.get(
    '/machine-templates',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary: 'Machine templates',
        response: {
          200: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string() })),
        },
      },
    },
    async () => (await master.get()).machineTemplates,
  );
  app.get(
    '/bearings',
    {
      config: signedIn,
      schema: {
        tags: ['lookups'],
        summary:
          'Bearing catalogue: rolling elements, ball and pitch diameters (mm), contact angle (degrees)',
        response: {
          200: z.array(
            z.object({
              id: z.number().int(),
              designation: z.string(),
              rollingElements: z.number().int(),
              ballDiameterMm: z.number(),
              pitchDiameterMm: z.number(),
              contactAngleDeg: z.number(),
            }),
          ),
        },
      },
    },
    async () =>
      (await master.get()).bearings.map((row) => ({
        id: row.id,
        designation: row.designation,
        rollingElements: row.rolling_elements,
        ballDiameterMm: row.ball_diameter_mm,
        pitchDiameterMm: row.pitch_diameter_mm,
        contactAngleDeg: row.contact_angle_deg,
      })),
  );
};
