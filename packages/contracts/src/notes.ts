import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Notes and comments of a model (spec 03 §2.15, §3, §4.5, §7.4) and sensor point notes on the trend graphs
 * (§2.16, §6, §7.5). Only the author edits or deletes a note or comment; sensor point notes belong to the roles
 * ADMIN, OWNER, SUPERMEMBER and OWNER_RVS.
 */

const instant = z.iso.datetime({ offset: true });

export const NOTE_TOPIC_MAX = 200;
export const NOTE_DESCRIPTION_MAX = 1000;
export const SENSOR_POINT_NOTE_MAX = 250;

export const noteTopic = z.object({
  id: uuid,
  topic: z.string(),
  description: z.string(),
  updatedDate: instant,
  name: z.string(),
  createdById: uuid.nullable(),
  profileImageUrl: z.string().nullable(),
  equipmentModelId: uuid,
  commentCount: z.number().int(),
});
export type NoteTopic = z.infer<typeof noteTopic>;

export const noteComment = z.object({
  id: uuid,
  description: z.string(),
  name: z.string(),
  updatedDate: instant,
  createdById: uuid.nullable(),
  profileImageUrl: z.string().nullable(),
});
export type NoteComment = z.infer<typeof noteComment>;

export const noteTopicsQuery = z.object({
  equipment_model_id: uuid,
  equipment_tag_id: z.string().max(100).optional(),
  startDate: instant.optional(),
  endDate: instant.optional(),
});
export const noteTopics = z.array(noteTopic);

export const noteTopicBody = z.object({
  topic: z
    .string()
    .trim()
    .min(1, 'topic: required')
    .max(NOTE_TOPIC_MAX, `topic: at most ${NOTE_TOPIC_MAX} characters`),
  description: z
    .string()
    .trim()
    .min(1, 'description: required')
    .max(NOTE_DESCRIPTION_MAX, `description: at most ${NOTE_DESCRIPTION_MAX} characters`),
  equipmentModelId: uuid,
});
export type NoteTopicBody = z.infer<typeof noteTopicBody>;
export const noteTopicCreateQuery = z.object({ equipment_tag_id: z.string().max(100).optional() });
export const noteTopicUpdateQuery = z.object({ note_topic_id: uuid });
export const noteCommentsQuery = z.object({ note_topic_id: uuid });
export const noteDetail = z.object({ topic: noteTopic, comments: z.array(noteComment) });

export const noteCommentBody = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'description: required')
    .max(NOTE_DESCRIPTION_MAX, `description: at most ${NOTE_DESCRIPTION_MAX} characters`),
  equipmentModelId: uuid,
  noteTopicId: uuid,
});
export type NoteCommentBody = z.infer<typeof noteCommentBody>;

export const sensorPointNote = z.object({
  id: uuid,
  timestamp: instant,
  sensor_id: z.string(),
  sensor_name: z.string(),
  type: z.string(),
  axis: z.string(),
  y_position: z.number(),
  description: z.string(),
  rvs_graph_id: z.string(),
  model_code: z.string(),
  createdById: uuid.nullable(),
  name: z.string(),
});
export type SensorPointNote = z.infer<typeof sensorPointNote>;

const pointDescription = z
  .string()
  .trim()
  .max(SENSOR_POINT_NOTE_MAX, `description: at most ${SENSOR_POINT_NOTE_MAX} characters`)
  .transform((value) => value || '-');

export const sensorPointNotesQuery = z.object({
  modelCode: z.string().min(1).max(100),
  sensor: z.string().max(100).optional(),
  phase: z.string().max(20).optional(),
  startDate: instant,
  endDate: instant,
});
export const sensorPointNotes = z.array(sensorPointNote);

export const sensorPointNoteCreate = z.object({
  description: pointDescription.default('-'),
  model_code: z.string().min(1).max(100),
  timestamp: instant,
  y_position: z.number().finite(),
  type: z.string().max(20).default(''),
  axis: z.string().max(20).default(''),
  rvs_graph_id: z
    .union([z.string().max(100), z.number()])
    .transform(String)
    .default(''),
  sensor_id: z.union([z.string().min(1).max(100), z.number()]).transform(String),
});
export const sensorPointNoteUpdate = z.object({
  modelCode: z.string().min(1).max(100),
  description: pointDescription,
  rvsGraphId: z
    .union([z.string().max(100), z.number()])
    .transform(String)
    .optional(),
  noteId: uuid,
});
export const sensorPointNoteDeleteQuery = z.object({
  rvs_graph_id: z.string().max(100).optional(),
  model_code: z.string().min(1).max(100),
  note_id: uuid,
});
