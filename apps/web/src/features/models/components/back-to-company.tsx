import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.tsx';

/** The back action of model pages: returns to the selected company's page. */
export function BackToCompany() {
  const { t } = useTranslation();
  const { me } = useSession();
  if (!me.selectedCompanyId) return null;
  return (
    <Button component={Link} to={`/company/${me.selectedCompanyId}`} startIcon={<ArrowBack />}>
      {t('models.backToCompany')}
    </Button>
  );
}
