import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';

/** Any unknown address inside the signed-in area. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.notFound')} />
      <EmptyState message={t('errors.notFound')}>
        <Button component={Link} to="/" variant="outlined">
          {t('common.back')}
        </Button>
      </EmptyState>
    </>
  );
}
