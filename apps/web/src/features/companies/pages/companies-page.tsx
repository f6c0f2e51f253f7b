import Box from '@mui/material/Box';
import type { MyCompany } from '@sdp/contracts';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useSession } from '../../../lib/session.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { CompanyCard } from '../components/company-card.tsx';

/** `/companies`: the companies of the user (every company for an administrator); a click selects one. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { me, selectCompany } = useSession();
  const now = useNow();
  const [selectingId, setSelectingId] = useState<string | null>(null);

  const handleSelect = async (company: MyCompany) => {
    setSelectingId(company.id);
    try {
      await selectCompany(company.id);
      navigate(`/company/${company.id}`);
    } catch (error) {
      enqueueSnackbar(describeError(error, t), { variant: 'error' });
    } finally {
      setSelectingId(null);
    }
  };

  return (
    <>
      <PageHeader
        title={t('companies.heading')}
        subtitle={t('companies.count', { count: me.companies.length })}
      />
      {me.companies.length === 0 ? (
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
          {me.companies.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={company}
                now={now}
                selecting={selectingId === company.id}
                onSelect={handleSelect}
              />
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
