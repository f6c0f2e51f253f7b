import type { MemberRole, Permission } from '@sdp/contracts';
import type pg from 'pg';
import { permissionsFor } from './permissions.ts';

/**
 * Who sees which equipment, the one rule for every read and every live event:
 * - the platform ADMIN, OWNER and OWNER_RVS (permission ViewAllEquipment) see every equipment tag of the company;
 * - SUPERMEMBER and MEMBER see the equipment tags assigned to them (equipment_tag_members), everything under
 *   those tags (models, offline links, images, series, waveforms, exports, live events), and the folders that
 *   lead to them in the tree;
 * - an inactive model (and its series and waveforms) is seen only by those who configure models (ADMIN, OWNER,
 *   OWNER_RVS: ConfigDataModelInfo).
 * Anything else answers 404, exactly as an id that does not exist.
 */
export function seesEquipment(
  permissions: ReadonlySet<Permission>,
  ref: Pick<EquipmentRef, 'assigned'> & { inactiveModel?: boolean },
): boolean {
  const seesTag = ref.assigned || permissions.has('ViewAllEquipment');
  return seesTag && (!ref.inactiveModel || permissions.has('ConfigDataModelInfo'));
}

/** What a route names, seen from its equipment tag: the company, and whether the tag is assigned to the caller. */
export interface EquipmentRef {
  companyId: string;
  equipmentTagId: string;
  assigned: boolean;
  /** The route names a model (or its waveform) that is inactive. */
  inactiveModel?: boolean;
}

// Each resolves an id to its live (not disabled) equipment tag in one prepared statement; $2 is the caller.
const ASSIGNED = `EXISTS (SELECT 1 FROM equipment_tag_members a WHERE a.equipment_tag_id = s.id AND a.user_id = $2)`;
const REF = `s.company_id AS "companyId", s.id AS "equipmentTagId", ${ASSIGNED} AS assigned`;
const OF_TAG = `SELECT ${REF} FROM structure_items s
WHERE s.id = $1 AND s.item_type = 'EquipmentTag' AND NOT s.is_disabled`;
const OF_MODEL = `SELECT ${REF}, NOT m.is_active AS "inactiveModel" FROM equipment_models m JOIN structure_items s ON s.id = m.equipment_tag_id
WHERE m.id = $1 AND NOT s.is_disabled`;
const OF_OFFLINE = `SELECT ${REF} FROM equipment_model_offlines o JOIN structure_items s ON s.id = o.equipment_tag_id
WHERE o.id = $1 AND NOT s.is_disabled`;
const OF_WAVEFORM = `SELECT ${REF}, NOT m.is_active AS "inactiveModel" FROM waveforms w JOIN equipment_models m ON m.id = w.model_id
JOIN structure_items s ON s.id = m.equipment_tag_id WHERE w.id = $1 AND NOT s.is_disabled`;
const TAG_OF_MODEL = `SELECT equipment_tag_id AS "tagId" FROM equipment_models WHERE id = $1`;
// The active members of a model's company with their role and whether its tag is assigned to them.
const MEMBERS_OF_MODEL = `SELECT u.id AS "userId", ms.role, NOT em.is_active AS "inactiveModel",
  EXISTS (SELECT 1 FROM equipment_tag_members a WHERE a.equipment_tag_id = s.id AND a.user_id = u.id) AS assigned
FROM equipment_models em JOIN structure_items s ON s.id = em.equipment_tag_id
JOIN memberships ms ON ms.company_id = s.company_id AND ms.status = 'active'
JOIN users u ON u.id = ms.user_id AND u.status = 'active'
WHERE em.id = $1 AND NOT s.is_disabled`;
const ASSIGNED_TAGS = `SELECT a.equipment_tag_id AS "tagId" FROM equipment_tag_members a
JOIN structure_items s ON s.id = a.equipment_tag_id WHERE a.user_id = $1 AND s.company_id = $2 AND NOT s.is_disabled`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A model never moves to another tag: its tag is remembered (a bounded map) for the live events. */
const MODEL_TAGS_KEPT = 10_000;

export function createEquipmentVisibility(pool: pg.Pool) {
  const ref = async (name: string, text: string, id: string | undefined, userId: string) => {
    if (!id || !UUID.test(id)) return undefined;
    const { rows } = await pool.query<EquipmentRef>({ name, text, values: [id, userId] });
    return rows[0];
  };
  const modelTags = new Map<string, string>();

  return {
    ofTag: (id: string | undefined, userId: string) => ref('visible-tag', OF_TAG, id, userId),
    ofModel: (id: string | undefined, userId: string) => ref('visible-model', OF_MODEL, id, userId),
    ofOffline: (id: string | undefined, userId: string) => ref('visible-offline', OF_OFFLINE, id, userId),
    ofWaveform: (id: string | undefined, userId: string) => ref('visible-waveform', OF_WAVEFORM, id, userId),

    /**
     * The members of a model's company who see the model, by the rule above: who may receive its fault-event mails
     * and reports, and whom a caller may pick as their recipients (issue 23 items 10, 16). Platform administrators
     * are members of no company and are not among them; an unknown model or a disabled tag has nobody.
     */
    async membersSeeingModel(modelId: string): Promise<ReadonlySet<string>> {
      if (!UUID.test(modelId)) return new Set();
      const { rows } = await pool.query<{
        userId: string;
        role: MemberRole;
        assigned: boolean;
        inactiveModel: boolean;
      }>({ name: 'members-seeing-model', text: MEMBERS_OF_MODEL, values: [modelId] });
      return new Set(
        rows
          .filter((row) => seesEquipment(new Set(permissionsFor('USER', row.role)), row))
          .map((row) => row.userId),
      );
    },

    /** The tags a user sees in a company: null for every tag (ViewAllEquipment), else the assigned ones. */
    async visibleTags(
      userId: string,
      companyId: string,
      permissions: ReadonlySet<Permission>,
    ): Promise<ReadonlySet<string> | null> {
      if (seesEquipment(permissions, { assigned: false })) return null;
      const { rows } = await pool.query<{ tagId: string }>({
        name: 'visible-tags',
        text: ASSIGNED_TAGS,
        values: [userId, companyId],
      });
      return new Set(rows.map((row) => row.tagId));
    },

    /** The equipment tag of a model (for filtering live events); undefined for an unknown model. */
    async tagOfModel(modelId: string): Promise<string | undefined> {
      const known = modelTags.get(modelId);
      if (known || !UUID.test(modelId)) return known;
      const { rows } = await pool.query<{ tagId: string }>({
        name: 'tag-of-model',
        text: TAG_OF_MODEL,
        values: [modelId],
      });
      const tagId = rows[0]?.tagId;
      if (tagId) {
        if (modelTags.size >= MODEL_TAGS_KEPT) modelTags.delete(modelTags.keys().next().value as string);
        modelTags.set(modelId, tagId);
      }
      return tagId;
    },
  };
}

export type EquipmentVisibility = ReturnType<typeof createEquipmentVisibility>;
