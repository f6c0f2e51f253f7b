import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { Company } from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { companyMembersPath } from '../../../lib/company-paths.ts';
import { isPlatformAdmin } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useDeleteCompany } from '../api/delete-company.ts';
import { useCompanies } from '../api/get-companies.ts';
import { useRestoreCompany } from '../api/restore-company.ts';
import { CompanyCard } from '../components/company-card.tsx';
import { CompanyDialog } from '../components/company-dialog.tsx';
import { CompanyMenu, type CompanyMenuAction } from '../components/company-menu.tsx';

/** `?deleted=include` keeps 'Show deleted' on across a reload. */
const SHOW_DELETED = { param: 'deleted', value: 'include' } as const;

type Editing = { company?: Company } | null;

/**
 * `/companies`: 'Company list' with its count and cards; a click selects a company. An administrator also
 * creates, edits, deletes (softly) and restores companies, and opens their members.
 */
export function CompaniesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { me, selectCompany } = useSession();
  const admin = isPlatformAdmin(me);
  // Days left on each card: the minute is precise enough.
  const now = useNow(60_000);
  const [search, setSearch] = useSearchParams();
  const showDeleted = admin && search.get(SHOW_DELETED.param) === SHOW_DELETED.value;
  const companies = useCompanies(showDeleted ? 'include' : 'exclude');
  const deleteCompany = useDeleteCompany();
  const restoreCompany = useRestoreCompany();
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const confirm = useConfirm();
  const items = companies.data?.items ?? [];

  const handleSelect = async (company: Company) => {
    setSelectingId(company.id);
    try {
      await selectCompany(company.id);
      navigate(`/company/${company.id}`);
    } catch (error) {
      feedback.failure(error, t('errors.unknown'));
    } finally {
      setSelectingId(null);
    }
  };

  const handleMenu = (action: CompanyMenuAction, company: Company) => {
    if (action === 'members') {
      navigate(companyMembersPath(company));
    } else if (action === 'edit') {
      setEditing({ company });
    } else if (action === 'delete') {
      confirm.ask({
        title: t('companies.delete'),
        message: t('companies.deleteConfirm'),
        confirmLabel: t('companies.delete'),
        destructive: true,
        run: () =>
          deleteCompany.mutateAsync(company.id, {
            onSuccess: () => feedback.success(t('companies.deletedMessage')),
            onError: (error) => feedback.failure(error, t('companies.deleteFailed')),
          }),
      });
    } else {
      confirm.ask({
        title: t('companies.restore'),
        message: t('companies.restoreConfirm', { title: company.title }),
        confirmLabel: t('companies.restore'),
        run: () =>
          restoreCompany.mutateAsync(company.id, {
            onSuccess: () => feedback.success(t('companies.restored')),
            onError: (error) => feedback.failure(error, t('companies.restoreFailed')),
          }),
      });
    }
  };

  const handleShowDeleted = (checked: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (checked) next.set(SHOW_DELETED.param, SHOW_DELETED.value);
        else next.delete(SHOW_DELETED.param);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={t('companies.heading')}
        subtitle={t('companies.count', { count: items.length })}
        actions={
          admin ? (
            <>
              <FormControlLabel
                control={
                  <Switch
                    checked={showDeleted}
                    onChange={(event) => handleShowDeleted(event.target.checked)}
                  />
                }
                label={t('companies.showDeleted')}
              />
              <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
                {t('companies.create')}
              </Button>
            </>
          ) : null
        }
      />
      {companies.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : companies.isError ? (
        // Spec 01 §8: a failed load shows an empty list; saying why and offering a retry costs nothing.
        <EmptyState message={t('companies.loadFailed')}>
          <Button variant="outlined" onClick={() => void companies.refetch()}>
            {t('common.retry')}
          </Button>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState message={t('companies.empty')} />
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
          }}
        >
          {items.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={company}
                now={now}
                selecting={selectingId === company.id}
                onSelect={handleSelect}
                menu={admin ? <CompanyMenu company={company} onAction={handleMenu} /> : undefined}
              />
            </li>
          ))}
        </Box>
      )}
      {editing ? <CompanyDialog company={editing.company} onClose={() => setEditing(null)} /> : null}
      {confirm.dialog}
    </>
  );
}
