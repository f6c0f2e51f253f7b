import type { EquipmentGroupType, Overview, TreeNode } from '@sdp/contracts';
import type { AuthContext } from '../../auth/access.ts';
import { type EquipmentVisibility, seesEquipment } from '../../auth/equipment-visibility.ts';
import type { Db } from '../../db/pool.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { ItemRow, StructureRepository } from './structure.repository.ts';
import { buildTree, findNode, overviewOf } from './tree.ts';
import { type CachedTree, createTreeCache } from './tree-cache.ts';

export const NOT_EMPTY =
  'This folder is not empty. Delete what it contains first, or confirm removing the folder with everything in it.';
export const CYCLE = 'A folder cannot be moved into itself or one of its subfolders.';

interface TagInput {
  structureItemTitle: string;
  structureItemAlias: string;
  equipmentGroupType: EquipmentGroupType;
  posLat: number;
  posLng: number;
  parentId?: string | undefined;
  companies_id: string;
  images: { url: string; image_name: string; image_size: number }[];
}

export function createStructureService(deps: {
  db: Db;
  repository: StructureRepository;
  audit: AuditRepository;
  visibility: EquipmentVisibility;
}) {
  const { db, repository, audit, visibility } = deps;

  async function loadItem(id: string, companyId: string, executor: Db = db): Promise<ItemRow> {
    const item = await repository.findItem(id, executor);
    if (!item || item.is_disabled || item.company_id !== companyId)
      throw notFound('This folder or equipment does not exist.');
    return item;
  }

  /** A folder of the same company that can hold children; anything else is refused with 404. */
  async function loadParent(parentId: string, companyId: string, executor: Db): Promise<ItemRow> {
    const parent = await repository.findItem(parentId, executor);
    if (!parent || parent.is_disabled || parent.company_id !== companyId || parent.item_type !== 'Folder') {
      throw notFound('The parent folder does not exist in this company.');
    }
    return parent;
  }

  const record = (
    auth: AuthContext,
    companyId: string,
    action: string,
    entityId: string,
    detail: Record<string, unknown>,
    executor: Db,
  ) =>
    audit.record({ userId: auth.userId, companyId, action, entity: 'structure', entityId, detail }, executor);

  const trees = createTreeCache();

  /** Who sees the same tree: administrators, everyone who sees all equipment, or one member's assignments. */
  const viewerKey = (auth: AuthContext) =>
    auth.platformRole === 'ADMIN'
      ? 'admin'
      : seesEquipment(auth.permissions, { assigned: false })
        ? 'all'
        : `member:${auth.userId}`;

  /**
   * The company tree as sent (issue 17 item 3): one indexed read of the structure version, then the built body
   * from the cache; the rows are read (four statements in one round trip) only when the version moved.
   */
  async function cachedTree(auth: AuthContext, companyId: string): Promise<CachedTree> {
    const version = await repository.structureVersion(companyId);
    const key = `${companyId}:${version}:${viewerKey(auth)}`;
    const hit = trees.get(key);
    if (hit) return hit;
    const [rows, visibleTags] = await Promise.all([
      repository.loadTree(companyId),
      visibility.visibleTags(auth.userId, companyId, auth.permissions),
    ]);
    const root = buildTree(rows, {
      isAdmin: auth.platformRole === 'ADMIN',
      seesAllEquipment: visibleTags === null,
      assignedTagIds: visibleTags ?? new Set(),
    });
    if (!root) throw notFound('This company has no structure yet.');
    return trees.set(key, root);
  }

  async function tree(auth: AuthContext, companyId: string): Promise<TreeNode> {
    return (await cachedTree(auth, companyId)).root;
  }

  return {
    tree,
    cachedTree,

    async overview(auth: AuthContext, companyId: string, folderId?: string): Promise<Overview> {
      const root = await tree(auth, companyId);
      const node = folderId ? findNode(root, folderId) : root;
      // A folder the viewer does not see answers as one that does not exist (the access rule's own 404).
      if (!node) throw notFound();
      return overviewOf(node);
    },

    async createFolder(
      auth: AuthContext,
      input: { parentId: string; structureItemTitle: string; companies_id: string },
    ) {
      return db.transaction().execute(async (trx) => {
        await repository.lockCompany(input.companies_id, trx);
        await loadParent(input.parentId, input.companies_id, trx);
        if (await repository.folderNameTaken(input.parentId, input.structureItemTitle, trx)) {
          throw conflict(`A folder named ${input.structureItemTitle} already exists here.`);
        }
        const id = await repository.insertItem(
          {
            company_id: input.companies_id,
            parent_id: input.parentId,
            item_type: 'Folder',
            title: input.structureItemTitle,
            alias: null,
            equipment_group_type: null,
            pos_lat: null,
            pos_lng: null,
          },
          trx,
        );
        await record(auth, input.companies_id, 'create-folder', id, { title: input.structureItemTitle }, trx);
        return { id };
      });
    },

    /** Renames a folder (the primary folder too: 'edit root name') or moves it under another folder. */
    async updateFolder(
      auth: AuthContext,
      companyId: string,
      folderId: string,
      input: { structureItemTitle?: string | undefined; parentId?: string | undefined },
    ) {
      await db.transaction().execute(async (trx) => {
        await repository.lockCompany(companyId, trx);
        const folder = await loadItem(folderId, companyId, trx);
        if (folder.item_type !== 'Folder')
          throw badRequest('This item is an equipment tag: use PUT /equipment-tag.');
        const title = input.structureItemTitle ?? folder.title;
        const parentId = input.parentId ?? folder.parent_id;
        if (
          parentId &&
          (title !== folder.title || parentId !== folder.parent_id) &&
          (await repository.folderNameTaken(parentId, title, trx, folderId))
        ) {
          throw conflict(`A folder named ${title} already exists here.`);
        }
        if (input.parentId && input.parentId !== folder.parent_id) {
          if (folder.is_primary_folder) throw badRequest('The primary folder cannot be moved.');
          await loadParent(input.parentId, companyId, trx);
          if ((await repository.ancestry(input.parentId, trx)).includes(folderId)) throw badRequest(CYCLE);
        }
        await repository.updateItem(
          folderId,
          {
            ...(input.structureItemTitle ? { title: input.structureItemTitle } : {}),
            ...(input.parentId ? { parent_id: input.parentId } : {}),
          },
          trx,
        );
        await record(
          auth,
          companyId,
          'update-folder',
          folderId,
          {
            before: { title: folder.title, parentId: folder.parent_id },
            after: { title, parentId },
          },
          trx,
        );
      });
      return { id: folderId };
    },

    /**
     * Folders and equipment tags are disabled, never erased, so their models and data survive. A folder with
     * content is only removed with `recursive`, the explicit confirmation of the dialog. Tags need DeleteEquipmentTag.
     */
    async deleteItem(auth: AuthContext, companyId: string, id: string, recursive: boolean) {
      await db.transaction().execute(async (trx) => {
        await repository.lockCompany(companyId, trx);
        const item = await loadItem(id, companyId, trx);
        if (item.is_primary_folder) throw badRequest('The primary folder cannot be deleted.');
        if (item.item_type === 'EquipmentTag' && !auth.permissions.has('DeleteEquipmentTag'))
          throw forbidden();
        if (item.item_type === 'Folder' && !recursive && (await repository.countEnabledChildren(id, trx)) > 0)
          throw conflict(NOT_EMPTY);
        const removed = await repository.disableSubtree(id, trx);
        await record(
          auth,
          companyId,
          'delete-item',
          id,
          { type: item.item_type, title: item.title, removed },
          trx,
        );
      });
    },

    async getTag(companyId: string, id: string) {
      const tag = await loadItem(id, companyId);
      if (tag.item_type !== 'EquipmentTag') throw notFound('This equipment does not exist.');
      return { tag, images: await repository.images(id) };
    },

    async createTag(auth: AuthContext, input: TagInput) {
      // Spec 01 §5: for OWNER_RVS the group type is always 'rotating'.
      const groupType = auth.companyRole === 'owner_rvs' ? 'rotating' : input.equipmentGroupType;
      return db.transaction().execute(async (trx) => {
        await repository.lockCompany(input.companies_id, trx);
        const parentId = input.parentId ?? (await repository.primaryFolder(input.companies_id, trx))?.id;
        if (!parentId) throw notFound('The parent folder does not exist in this company.');
        await loadParent(parentId, input.companies_id, trx);
        if (await repository.codeTaken(input.companies_id, input.structureItemTitle, trx)) {
          throw conflict(`The equipment code ${input.structureItemTitle} already exists in this company.`);
        }
        const id = await repository.insertItem(
          {
            company_id: input.companies_id,
            parent_id: parentId,
            item_type: 'EquipmentTag',
            title: input.structureItemTitle,
            alias: input.structureItemAlias,
            equipment_group_type: groupType,
            pos_lat: input.posLat,
            pos_lng: input.posLng,
          },
          trx,
        );
        for (const image of input.images) await repository.insertImage(id, image, trx);
        await record(
          auth,
          input.companies_id,
          'create-equipment-tag',
          id,
          { code: input.structureItemTitle },
          trx,
        );
        return { id };
      });
    },

    /** The code and group type are locked after creation (spec 01 §5); name, location and parent can change. */
    async updateTag(
      auth: AuthContext,
      companyId: string,
      id: string,
      input: {
        structureItemAlias?: string | undefined;
        posLat?: number | undefined;
        posLng?: number | undefined;
        parentId?: string | undefined;
        structureItemTitle?: string | undefined;
        equipmentGroupType?: EquipmentGroupType | undefined;
      },
    ) {
      await db.transaction().execute(async (trx) => {
        await repository.lockCompany(companyId, trx);
        const tag = await loadItem(id, companyId, trx);
        if (tag.item_type !== 'EquipmentTag')
          throw badRequest('This item is a folder: use PUT /structure-item.');
        if (input.structureItemTitle !== undefined && input.structureItemTitle.toUpperCase() !== tag.title) {
          throw badRequest('The equipment code cannot be changed.');
        }
        if (input.equipmentGroupType !== undefined && input.equipmentGroupType !== tag.equipment_group_type) {
          throw badRequest('The group type cannot be changed.');
        }
        if (input.parentId) await loadParent(input.parentId, companyId, trx);
        await repository.updateItem(
          id,
          {
            ...(input.structureItemAlias !== undefined ? { alias: input.structureItemAlias } : {}),
            ...(input.posLat !== undefined ? { pos_lat: input.posLat } : {}),
            ...(input.posLng !== undefined ? { pos_lng: input.posLng } : {}),
            ...(input.parentId ? { parent_id: input.parentId } : {}),
          },
          trx,
        );
        await record(
          auth,
          companyId,
          'update-equipment-tag',
          id,
          {
            code: tag.title,
            before: { alias: tag.alias, posLat: tag.pos_lat, posLng: tag.pos_lng, parentId: tag.parent_id },
            after: {
              alias: input.structureItemAlias ?? tag.alias,
              posLat: input.posLat ?? tag.pos_lat,
              posLng: input.posLng ?? tag.pos_lng,
              parentId: input.parentId ?? tag.parent_id,
            },
          },
          trx,
        );
      });
      return { id };
    },

    async addImage(
      auth: AuthContext,
      companyId: string,
      tagId: string,
      image: { url: string; image_name: string; image_size: number },
    ) {
      const tag = await loadItem(tagId, companyId);
      if (tag.item_type !== 'EquipmentTag') throw badRequest('Images belong to equipment tags.');
      const row = await repository.insertImage(tagId, image);
      await record(auth, companyId, 'add-image', tagId, { url: image.url }, db);
      return row;
    },

    async listImages(companyId: string, tagId: string) {
      await loadItem(tagId, companyId);
      return repository.images(tagId);
    },

    async deleteImage(auth: AuthContext, id: string) {
      await repository.deleteImage(id);
      await record(auth, auth.companyId as string, 'delete-image', id, {}, db);
    },
  };
}

export type StructureService = ReturnType<typeof createStructureService>;
