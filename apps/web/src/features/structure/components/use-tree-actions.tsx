import type { MyCompany, TreeModel, TreeNode } from '@sdp/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ConfirmRequest, useConfirm } from '../../../components/use-confirm.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { companyMembersPath } from '../../../lib/company-paths.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useDeleteStructureItem } from '../api/delete-structure-item.ts';
import { useInactivateModel } from '../api/inactivate-model.ts';
import { useUpdateOfflineModel } from '../api/update-offline-model.ts';
import type { TreeMenuAction } from '../tree-menu.ts';
import { findTreeNode, folderViewPath, type TreeRow } from '../tree-rows.ts';

// Dialogs open rarely; each loads on first use (the equipment dialog also brings its map later still).
const FolderDialog = lazy(() => import('./folder-dialog.tsx').then((m) => ({ default: m.FolderDialog })));
const EquipmentTagDialog = lazy(() =>
  import('./equipment-tag-dialog.tsx').then((m) => ({ default: m.EquipmentTagDialog })),
);
const AddModelDialog = lazy(() =>
  import('./add-model-dialog.tsx').then((m) => ({ default: m.AddModelDialog })),
);
const OfflineModelDialog = lazy(() =>
  import('./offline-model-dialog.tsx').then((m) => ({ default: m.OfflineModelDialog })),
);
const AssignMemberDialog = lazy(() =>
  import('./assign-member-dialog.tsx').then((m) => ({ default: m.AssignMemberDialog })),
);
const EmailNotificationDialog = lazy(() =>
  import('./email-notification-dialog.tsx').then((m) => ({ default: m.EmailNotificationDialog })),
);
const ReportEmailDialog = lazy(() =>
  import('./report-email-dialog.tsx').then((m) => ({ default: m.ReportEmailDialog })),
);

/** Dialog modes of spec 01 §4 (CREATE-FOLDER, UPDATE-FOLDER, CREATE-EQUIPMENT-TAG, …) with what they act on. */
type TreeDialog =
  | { kind: 'createFolder'; parent: TreeNode }
  | { kind: 'editFolder'; folder: TreeNode }
  | { kind: 'createEquipmentTag'; parent: TreeNode }
  | { kind: 'editEquipmentTag'; tag: TreeNode }
  | { kind: 'addModel'; tag: TreeNode }
  | { kind: 'assignMember'; tag: TreeNode }
  | { kind: 'emailNotification'; tag: TreeNode }
  | { kind: 'report'; report: 'MCA' | 'RVS' }
  | { kind: 'editOfflineModel'; model: TreeModel };

const CONFLICT = 409;

/**
 * What the context menu entries do: open a dialog, go to a page, or confirm and delete. After a delete the
 * user goes to the folder view of what held the deleted item (spec 01 §4); the tree reloads by itself.
 */
export function useTreeActions({ company, root }: { company: MyCompany; root: TreeNode }): {
  run: (action: TreeMenuAction, row: TreeRow) => void;
  element: ReactNode;
} {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<TreeDialog | null>(null);
  const deleteItem = useDeleteStructureItem();
  const inactivateModel = useInactivateModel();
  const updateOfflineModel = useUpdateOfflineModel();
  const companyId = company.id;

  const goToFolderOf = (parentId: string | null) =>
    void navigate(folderViewPath(companyId, parentId ? (findTreeNode(root, parentId) ?? null) : null));

  const deleteFolder = (folder: TreeNode, recursive: boolean): ConfirmRequest => ({
    title: t('structure.folder.deleteTitle'),
    message: recursive
      ? t('structure.folder.deleteRecursiveConfirm', { title: folder.structureItemTitle })
      : t('structure.folder.deleteConfirm', { title: folder.structureItemTitle }),
    confirmLabel: t('structure.delete'),
    destructive: true,
    run: async (followUp) => {
      try {
        await deleteItem.mutateAsync({ companyId, itemId: folder.id, recursive });
      } catch (error) {
        // A folder with content needs an explicit second yes (the server answers 409 with why).
        if (!recursive && error instanceof ApiError && error.status === CONFLICT)
          followUp(deleteFolder(folder, true));
        else feedback.failure(error, t('structure.folder.deleteFailed'));
        return;
      }
      feedback.success(t('structure.folder.deleted'));
      goToFolderOf(folder.parentId);
    },
  });

  const deleteTag = (tag: TreeNode): ConfirmRequest => ({
    title: t('structure.equipment.deleteTitle'),
    message: t('structure.equipment.deleteConfirm', { code: tag.structureItemTitle }),
    confirmLabel: t('structure.delete'),
    destructive: true,
    run: async () => {
      try {
        await deleteItem.mutateAsync({ companyId, itemId: tag.id });
      } catch (error) {
        feedback.failure(error, t('structure.equipment.deleteFailed'));
        return;
      }
      feedback.success(t('structure.equipment.deleted'));
      goToFolderOf(tag.parentId);
    },
  });

  const inactivate = (model: TreeModel, tag: TreeNode | undefined): ConfirmRequest => ({
    title: t('structure.model.inactiveTitle'),
    message: t('structure.model.inactiveConfirm', { title: model.title }),
    confirmLabel: t('structure.menu.inactivateModel'),
    destructive: true,
    run: async () => {
      try {
        // An offline model is switched off in place, so its edit dialog can switch it back on.
        if (model.is_offline)
          await updateOfflineModel.mutateAsync({
            companyId,
            modelId: model.id,
            input: { title: model.title, linkUrl: model.linkUrl, isActive: 'inactive' },
          });
        else await inactivateModel.mutateAsync({ companyId, modelId: model.id });
      } catch (error) {
        feedback.failure(error, t('structure.model.deleteFailed'));
        return;
      }
      feedback.success(t('structure.model.deleted'));
      goToFolderOf(tag?.parentId ?? null);
    },
  });

  const run = (action: TreeMenuAction, row: TreeRow) => {
    if (row.kind === 'group') return;
    if (row.kind === 'model') {
      if (action === 'editModel') void navigate(`/setting/model/${row.model.id}`);
      if (action === 'editOfflineModel') setDialog({ kind: 'editOfflineModel', model: row.model });
      if (action === 'inactivateModel') confirm.ask(inactivate(row.model, row.tag));
      return;
    }
    const node = row.node;
    switch (action) {
      case 'createFolder':
        setDialog({ kind: 'createFolder', parent: node });
        break;
      case 'addEquipmentTag':
        setDialog({ kind: 'createEquipmentTag', parent: node });
        break;
      case 'manageMembers':
        void navigate(companyMembersPath(company));
        break;
      case 'editRootName':
      case 'editFolder':
        setDialog({ kind: 'editFolder', folder: node });
        break;
      case 'deleteFolder':
        confirm.ask(deleteFolder(node, false));
        break;
      case 'addModel':
        setDialog({ kind: 'addModel', tag: node });
        break;
      case 'editEquipmentTag':
        setDialog({ kind: 'editEquipmentTag', tag: node });
        break;
      case 'assignMember':
        setDialog({ kind: 'assignMember', tag: node });
        break;
      case 'deleteEquipmentTag':
        confirm.ask(deleteTag(node));
        break;
      case 'emailNotification':
        setDialog({ kind: 'emailNotification', tag: node });
        break;
      case 'mcaReport':
        setDialog({ kind: 'report', report: 'MCA' });
        break;
      case 'rvsReport':
        setDialog({ kind: 'report', report: 'RVS' });
        break;
      default:
    }
  };

  const close = () => setDialog(null);
  const element = (
    <>
      {confirm.dialog}
      <Suspense fallback={null}>
        {dialog?.kind === 'createFolder' ? (
          <FolderDialog companyId={companyId} parent={dialog.parent} onClose={close} />
        ) : null}
        {dialog?.kind === 'editFolder' ? (
          <FolderDialog companyId={companyId} folder={dialog.folder} onClose={close} />
        ) : null}
        {dialog?.kind === 'createEquipmentTag' ? (
          <EquipmentTagDialog company={company} parent={dialog.parent} onClose={close} />
        ) : null}
        {dialog?.kind === 'editEquipmentTag' ? (
          <EquipmentTagDialog company={company} tag={dialog.tag} onClose={close} />
        ) : null}
        {dialog?.kind === 'addModel' ? (
          <AddModelDialog company={company} tag={dialog.tag} onClose={close} />
        ) : null}
        {dialog?.kind === 'assignMember' ? (
          <AssignMemberDialog companyId={companyId} tag={dialog.tag} onClose={close} />
        ) : null}
        {dialog?.kind === 'emailNotification' ? (
          <EmailNotificationDialog companyId={companyId} tag={dialog.tag} onClose={close} />
        ) : null}
        {dialog?.kind === 'report' ? (
          <ReportEmailDialog companyId={companyId} kind={dialog.report} onClose={close} />
        ) : null}
        {dialog?.kind === 'editOfflineModel' ? (
          <OfflineModelDialog companyId={companyId} model={dialog.model} onClose={close} />
        ) : null}
      </Suspense>
    </>
  );
  return { run, element };
}
