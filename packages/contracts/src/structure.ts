import { z } from 'zod';
import { isWebLink, ownImageUrl, uuid, WEB_LINK_MESSAGE, webLink } from './common.ts';

/** Status codes (ARCHITECTURE, spec 02 §4): −2 disabled, −1 offline, 0 normal, 1 warning, 2 alarm. */
export const statusCode = z.number().int().min(-2).max(3);

export const equipmentGroupType = z.enum(['electric', 'rotating', 'static', 'instrument', 'process']);
export type EquipmentGroupType = z.infer<typeof equipmentGroupType>;

/** Model types by id (spec 02 §1). */
export const modelTypes = [
  { id: 1, title: 'Transformer', short: 'TR' },
  { id: 2, title: 'MCA', short: 'MCA' },
  { id: 3, title: 'VCA', short: 'VCA' },
  { id: 4, title: 'EVS', short: 'EVS' },
  { id: 5, title: 'RVS', short: 'RVS' },
] as const;
export const modelTypeId = z.number().int().min(1).max(5);

export const equipmentImage = z.object({
  id: uuid,
  url: z.string(),
  image_name: z.string(),
  image_size: z.number().int(),
});

export const treeModel = z.object({
  id: uuid,
  title: z.string(),
  isActive: z.enum(['active', 'inactive']),
  linkUrl: z.string(),
  is_offline: z.boolean(),
  status: statusCode,
  equipmentCode: z.object({ code: z.string() }),
  equipmentTagId: uuid,
  equipmentModelTypeId: modelTypeId.nullable(),
  equipmentModelType: z.object({ id: modelTypeId, title: z.string() }).nullable(),
  modelCode: z.string().nullable(),
});
export type TreeModel = z.infer<typeof treeModel>;

export interface TreeNode {
  id: string;
  type: 'company' | 'folder' | 'equipment';
  structureItemTitle: string;
  structureItemAlias: string | null;
  structureItemType: 'Folder' | 'EquipmentTag';
  parentId: string | null;
  path: string[];
  isPrimaryFolder: boolean;
  equipmentGroupType: EquipmentGroupType | null;
  posLat: number | null;
  posLng: number | null;
  status: number;
  currentStatus: number;
  active: boolean;
  images: z.infer<typeof equipmentImage>[];
  equipmentModels: TreeModel[];
  children: TreeNode[];
}

export const treeNode: z.ZodType<TreeNode> = z.lazy(() =>
  z
    .object({
      id: uuid,
      type: z.enum(['company', 'folder', 'equipment']),
      structureItemTitle: z.string(),
      structureItemAlias: z.string().nullable(),
      structureItemType: z.enum(['Folder', 'EquipmentTag']),
      parentId: uuid.nullable(),
      path: z.array(z.string()),
      isPrimaryFolder: z.boolean(),
      equipmentGroupType: equipmentGroupType.nullable(),
      posLat: z.number().nullable(),
      posLng: z.number().nullable(),
      status: statusCode,
      currentStatus: statusCode,
      active: z.boolean(),
      images: z.array(equipmentImage),
      equipmentModels: z.array(treeModel),
      children: z.array(treeNode),
    })
    .meta({ id: 'TreeNode' }),
);

export const treeQuery = z.object({ company_id: uuid });

const upperTitle = z
  .string()
  .trim()
  .min(1, 'Folder Name is required.')
  .max(200)
  .transform((title) => title.toUpperCase());

/** Folder payload of spec 01 §3. */
export const createFolderRequest = z.object({
  parentId: uuid,
  structureItemType: z.literal('Folder').default('Folder'),
  structureItemTitle: upperTitle,
  companies_id: uuid,
  createdDate: z.iso.datetime().optional(),
  isPrimaryFolder: z.literal(false).default(false),
  is_disabled: z.literal(false).default(false),
});

export const updateFolderQuery = z.object({ folder_id: uuid });
export const updateFolderRequest = z.object({
  structureItemTitle: upperTitle.optional(),
  parentId: uuid.optional(),
});

export const deleteItemQuery = z.object({
  /** Explicit confirmation to remove a folder together with everything under it. */
  recursive: z.enum(['true', 'false']).default('false'),
});

/** Spec 01 §5: latitude and longitude each between 1 and 200. */
const coordinate = (name: string) =>
  z
    .number({ error: `* Required` })
    .min(1, `${name} must be between 1 and 200.`)
    .max(200, `${name} must be between 1 and 200.`);

export const imageInput = z.object({
  url: ownImageUrl('equipment-tags'),
  image_name: z.string().trim().min(1).max(255),
  image_size: z.number().int().min(0),
});

export const createEquipmentTagRequest = z.object({
  structureItemTitle: z
    .string()
    .trim()
    .min(1, '* Required')
    .max(50)
    .regex(/^[A-Za-z0-9]+$/, '* Please enter only characters or numbers.')
    .transform((code) => code.toUpperCase()),
  structureItemAlias: z.string().trim().min(1, '* Required').max(200),
  structureItemType: z.literal('EquipmentTag').default('EquipmentTag'),
  equipmentGroupType: equipmentGroupType,
  posLat: coordinate('Latitude'),
  posLng: coordinate('Longitude'),
  parentId: uuid.optional(),
  companies_id: uuid,
  createdDate: z.iso.datetime().optional(),
  is_disabled: z.literal(false).default(false),
  isPrimaryFolder: z.literal(false).default(false),
  images: z.array(imageInput).max(20).default([]),
});

export const updateEquipmentTagQuery = z.object({ equipment_tag_id: uuid });
export const updateEquipmentTagRequest = z.object({
  structureItemAlias: z.string().trim().min(1, '* Required').max(200).optional(),
  posLat: coordinate('Latitude').optional(),
  posLng: coordinate('Longitude').optional(),
  parentId: uuid.optional(),
  /** The code and group type are locked on edit; sending a different value is refused. */
  structureItemTitle: z.string().optional(),
  equipmentGroupType: equipmentGroupType.optional(),
});

export const equipmentTag = z.object({
  id: uuid,
  structureItemTitle: z.string(),
  structureItemAlias: z.string(),
  structureItemType: z.literal('EquipmentTag'),
  equipmentGroupType: equipmentGroupType,
  posLat: z.number().nullable(),
  posLng: z.number().nullable(),
  parentId: uuid.nullable(),
  companies_id: uuid,
  createdDate: z.iso.datetime({ offset: true }),
  is_disabled: z.boolean(),
  isPrimaryFolder: z.boolean(),
  status: statusCode,
  images: z.array(equipmentImage),
});

export const createImageRequest = imageInput.extend({ equipmentTagId: uuid });

export const offlineModelRequest = z.object({
  title: z.string().trim().min(1, '* Required').max(200),
  linkUrl: webLink.default(''),
  isActive: z.enum(['active', 'inactive']).default('active'),
});
/** Adding one needs the link (spec 01 §4, Add Model's offline tab); an edit may clear it ('No Link Url' on click). */
export const createOfflineModelRequest = offlineModelRequest.extend({
  linkUrl: z.string().trim().min(1, '* Required').max(2000).refine(isWebLink, WEB_LINK_MESSAGE),
  equipmentTagId: uuid.optional(),
  equipment_tag_id: uuid.optional(),
});
export const offlineModel = z.object({
  id: uuid,
  equipmentTagId: uuid,
  equipment_tag_id: uuid,
  title: z.string(),
  linkUrl: z.string(),
  isActive: z.enum(['active', 'inactive']),
});

export const assignmentQuery = z.object({
  equipment_tag_id: uuid,
  company_id: uuid.optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export const assignmentRequest = z.object({
  company_id: uuid,
  equipment_tag_id: uuid,
  member_option: z
    .array(z.object({ id: uuid, is_create: z.boolean(), is_delete: z.boolean() }))
    .max(500)
    .refine(
      (options) => options.every((option) => !(option.is_create && option.is_delete)),
      'An option cannot both create and delete.',
    ),
});
export const assignedMember = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'active', 'inactive']),
  role: z.enum(['owner', 'owner_rvs', 'supmem', 'member']),
});
export const assignmentPage = z.object({
  items: z.array(assignedMember),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});

/** Counts behind the company and folder views (spec 01 §3 dashboard_data). */
export const overview = z.object({
  allModel: z.number().int(),
  allNormalModel: z.number().int(),
  allWarningModel: z.number().int(),
  allAlarmModel: z.number().int(),
  allStopModel: z.number().int(),
  allEquipmentReportJson: z.array(
    z.object({
      id: uuid,
      equipmentTitleName: z.string(),
      structureItemAlias: z.string().nullable(),
      equipmentGroupType: equipmentGroupType.nullable(),
      status: statusCode,
      posLat: z.number().nullable(),
      posLng: z.number().nullable(),
      path: z.array(z.string()),
      models: z.array(
        z.object({ id: uuid, title: z.string(), status: statusCode, equipmentModelTypeId: modelTypeId }),
      ),
    }),
  ),
});
export type Overview = z.infer<typeof overview>;

export const createModelRequest = z.object({
  equipment_tag_id: uuid,
  model_in: z.object({
    title: z.string().trim().min(1, '* Messages is required').max(200),
    isActive: z.enum(['active', 'inactive']).default('active'),
    equipmentModelTypeId: modelTypeId.default(1),
  }),
});
export const createdId = z.object({ id: uuid });
