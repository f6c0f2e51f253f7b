import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { MyCompany } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../lib/initials.ts';
import { calendarDateIn, companyExpiry, formatCompanyDate } from '../../../lib/time.ts';

type CompanyCardProps = {
  company: MyCompany;
  now: Date;
  selecting: boolean;
  onSelect: (company: MyCompany) => void;
};

/** A company in the list: logo (initials when missing), title and its expiry, red within 30 days or past. */
export function CompanyCard({ company, now, selecting, onSelect }: CompanyCardProps) {
  const { t } = useTranslation();
  const { daysLeft, expired, flagged } = companyExpiry(
    company.end_date,
    calendarDateIn(now, company.time_zone),
  );
  const expiry = t('companies.expired', { date: formatCompanyDate(company.end_date) });

  return (
    <Card variant="outlined" sx={{ position: 'relative' }}>
      {selecting ? <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} /> : null}
      <CardActionArea onClick={() => onSelect(company)} disabled={selecting} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={company.image_path ?? undefined}
            alt={t('companies.logo', { title: company.title })}
            sx={{ width: 64, height: 64, bgcolor: 'primary.light', fontSize: 22 }}
          >
            {initials(company.title)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              {company.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {company.initial_code}
            </Typography>
            <Typography variant="body2" color={flagged ? 'error' : 'text.secondary'}>
              {expired ? expiry : `${expiry} (${t('companies.daysLeft', { count: daysLeft })})`}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
