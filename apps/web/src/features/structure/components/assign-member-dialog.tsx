import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { TreeNode } from '@sdp/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { type DialogMessage, MessageDialog } from '../../../components/message-dialog.tsx';
import { PagedTablePagination } from '../../../components/paged-table-pagination.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { describeError, describeFailure } from '../../../lib/errors.ts';
import { pageRows, useLocalPaging } from '../../../lib/local-paging.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useAssignMembers } from '../api/assign-members.ts';
import { useActiveMembers } from '../api/get-active-members.ts';
import { useAssignedMembers } from '../api/get-assigned-members.ts';
import { assignmentCandidates, assignmentChanges } from './assignment.ts';

/** Spec 01 §2: page-size options 5, 10, 20, 30, 40. */
const PAGE_SIZES = [5, 10, 20, 30, 40] as const;
const DEFAULT_PAGE_SIZE = 10;

type AssignMemberDialogProps = {
  companyId: string;
  tag: TreeNode;
  onClose: () => void;
};

/**
 * 'Assign Member to {tag}' (spec 01 §2): the company's active members with a checkbox each, the current
 * assignment ticked; Save sends only what changed.
 */
export function AssignMemberDialog({ companyId, tag, onClose }: AssignMemberDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const titleId = useId();
  const members = useActiveMembers(companyId);
  const assigned = useAssignedMembers({ companyId, tagId: tag.id });
  const assign = useAssignMembers();
  const [search, setSearch] = useState('');
  const paging = useLocalPaging(DEFAULT_PAGE_SIZE);
  // Only what the user ticked or unticked; everything else shows the current assignment.
  const [ticks, setTicks] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [message, setMessage] = useState<DialogMessage | null>(null);

  const assignedIds = useMemo(() => new Set(assigned.data?.map((member) => member.id)), [assigned.data]);
  const rows = useMemo(
    () => assignmentCandidates(members.data ?? [], assigned.data ?? [], search),
    [members.data, assigned.data, search],
  );
  const changes = assignmentChanges(assignedIds, ticks);
  const shown = pageRows(rows, paging);
  const isChecked = (id: string) => ticks.get(id) ?? assignedIds.has(id);
  const loading = members.isPending || assigned.isPending;
  const loadError = members.error ?? assigned.error;

  const handleSave = () => {
    if (changes.length === 0) {
      onClose();
      return;
    }
    assign.mutate(
      { companyId, equipmentTagId: tag.id, memberOptions: changes },
      {
        onSuccess: () => {
          feedback.success(t('structure.assign.saved'));
          onClose();
        },
        onError: (error) =>
          setMessage({
            title: t('structure.assign.errorTitle'),
            message: describeFailure(error, t('structure.assign.failed'), t),
            severity: 'error',
          }),
      },
    );
  };

  return (
    <>
      <Dialog
        open
        onClose={assign.isPending ? undefined : onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="md"
      >
        <DialogTitle id={titleId}>{t('structure.assign.title', { tag: tag.structureItemTitle })}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('structure.assign.search')}
            value={search}
            size="small"
            fullWidth
            sx={{ mt: 1, mb: 2 }}
            onChange={(event) => {
              setSearch(event.target.value);
              paging.setPage(1);
            }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          {loadError ? <Alert severity="error">{describeError(loadError, t)}</Alert> : null}
          {loading ? <LinearProgress aria-label={t('common.loading')} /> : null}
          <Table size="small" aria-label={t('structure.assign.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('structure.assign.columns.assigned')}
                  </Box>
                </TableCell>
                <TableCell>{t('structure.assign.columns.name')}</TableCell>
                <TableCell>{t('structure.assign.columns.email')}</TableCell>
                <TableCell>{t('structure.assign.columns.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((member) => (
                <TableRow
                  key={member.id}
                  hover
                  onClick={() => setTicks(new Map(ticks).set(member.id, !isChecked(member.id)))}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={isChecked(member.id)}
                      slotProps={{
                        input: {
                          'aria-label': t('structure.assign.select', { name: member.name || member.email }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>{member.name}</TableCell>
                  <TableCell>{member.email}</TableCell>
                  <TableCell>
                    <StatusChip status={member.status} />
                  </TableCell>
                </TableRow>
              ))}
              {!loading && rows.length === 0 ? (
                <EmptyTableRow columns={4} message={t('structure.assign.empty')} />
              ) : null}
            </TableBody>
          </Table>
          <PagedTablePagination
            page={paging.page}
            perPage={paging.perPage}
            total={rows.length}
            sizes={PAGE_SIZES}
            onPageChange={paging.setPage}
            onPerPageChange={paging.setPerPage}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={assign.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={handleSave} loading={assign.isPending} disabled={loading}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </>
  );
}
