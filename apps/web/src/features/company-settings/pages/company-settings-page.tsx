import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { isForbidden } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { findCompany, useSession } from '../../../lib/session.tsx';
import { formatDateTimeIn, resolveTimeZone } from '../../../lib/time.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { type IngestKey, useIngestKeys } from '../api/get-ingest-keys.ts';
import { useRevokeIngestKey } from '../api/revoke-ingest-key.ts';
import { CreateIngestKeyDialog } from '../components/create-ingest-key-dialog.tsx';
import { EscalationPolicySettings } from '../components/escalation-policy.tsx';
import { IngestHelp } from '../components/ingest-help.tsx';

const COLUMNS = 6;

/**
 * `/company/:id/settings` ('Company Settings', ADMIN and OWNER): the company's ingest keys for gateways, with
 * create (the key is shown once) and revoke, and how a gateway uses one.
 */
export function CompanySettingsPage() {
  const { t } = useTranslation();
  const { id: companyId = '' } = useParams();
  const { me } = useSession();
  const feedback = useFeedback();
  const confirm = useConfirm();
  const keys = useIngestKeys(companyId);
  const revoke = useRevokeIngestKey();
  const [creating, setCreating] = useState(false);

  const company = findCompany(me, companyId);
  const timeZone = resolveTimeZone(company?.time_zone);
  const when = (instant: string | null) => (instant ? formatDateTimeIn(instant, timeZone) : '—');

  const askRevoke = (key: IngestKey) =>
    confirm.ask({
      title: t('companySettings.revoke'),
      message: t('companySettings.revokeConfirm', { name: key.name }),
      confirmLabel: t('companySettings.revoke'),
      destructive: true,
      run: () =>
        revoke.mutateAsync(
          { companyId, keyId: key.id },
          {
            onSuccess: () => feedback.success(t('companySettings.revoked', { name: key.name })),
            onError: (error) => feedback.failure(error, t('companySettings.revokeFailed')),
          },
        ),
    });

  if (keys.isError && !keys.data) {
    const forbidden = isForbidden(keys.error);
    return (
      <>
        <PageHeader title={t('pages.companySettings')} subtitle={company?.title} />
        <EmptyState message={forbidden ? t('companySettings.forbidden') : describeError(keys.error, t)}>
          {forbidden ? null : (
            <Button variant="outlined" onClick={() => void keys.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.companySettings')} subtitle={company?.title} />
      <Stack spacing={3}>
        <Paper variant="outlined">
          <Stack
            direction="row"
            spacing={2}
            sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
          >
            <div>
              <Typography variant="h6" component="h2">
                {t('companySettings.heading')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('companySettings.intro')}
              </Typography>
            </div>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
              {t('companySettings.create')}
            </Button>
          </Stack>
          {keys.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : null}
          <TableContainer>
            <Table aria-label={t('companySettings.heading')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('companySettings.columns.name')}</TableCell>
                  <TableCell>{t('companySettings.columns.prefix')}</TableCell>
                  <TableCell>{t('companySettings.columns.created')}</TableCell>
                  <TableCell>{t('companySettings.columns.lastUsed')}</TableCell>
                  <TableCell>{t('companySettings.columns.status')}</TableCell>
                  <TableCell align="right">{t('companySettings.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {keys.data?.map((key) => {
                  const revoked = key.revokedAt !== null;
                  return (
                    <TableRow key={key.id} hover>
                      <TableCell>{key.name}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{`sdp_${key.prefix}_…`}</TableCell>
                      <TableCell>{when(key.createdAt)}</TableCell>
                      <TableCell>{when(key.lastUsedAt)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={revoked ? 'default' : 'success'}
                          label={t(
                            revoked ? 'companySettings.statusRevoked' : 'companySettings.statusActive',
                          )}
                        />
                      </TableCell>
                      <TableCell align="right">
                        {revoked ? null : (
                          <Button
                            size="small"
                            color="error"
                            aria-label={t('companySettings.revokeNamed', { name: key.name })}
                            onClick={() => askRevoke(key)}
                          >
                            {t('companySettings.revoke')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
                {keys.data && keys.data.length === 0 ? (
                  <EmptyTableRow columns={COLUMNS} message={t('companySettings.empty')} />
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
        <IngestHelp />
        <EscalationPolicySettings companyId={companyId} />
      </Stack>
      {creating ? <CreateIngestKeyDialog companyId={companyId} onClose={() => setCreating(false)} /> : null}
      {confirm.dialog}
    </>
  );
}
