import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.tsx';

/**
 * The back action of model pages: returns to the model's company page, or before the model is known to the
 * selected company's. A platform administrator, who may have none selected, still finds the way back.
 */
export function BackToCompany({ companyId }: { companyId?: string | undefined }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const target = companyId ?? me.selectedCompanyId;
  return (
    <Button component={Link} to={target ? `/company/${target}` : '/'} startIcon={<ArrowBack />}>
      {t('models.backToCompany')}
    </Button>
  );
}
