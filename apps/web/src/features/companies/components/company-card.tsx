import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Company } from '@sdp/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '../../../lib/initials.ts';
import { calendarDateIn, companyExpiry, formatCompanyDate } from '../../../lib/time.ts';

type CompanyCardProps = {
  company: Company;
  now: Date;
  selecting: boolean;
  onSelect: (company: Company) => void;
  /** The card's menu button, drawn in its corner outside the clickable area. */
  menu?: ReactNode;
};

function CardBody({ company, now }: { company: Company; now: Date }) {
  const { t } = useTranslation();
  const { daysLeft, expired, flagged } = companyExpiry(
    company.end_date,
    calendarDateIn(now, company.time_zone),
  );
  const date = formatCompanyDate(company.end_date);
  return (
    <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', pr: 6 }}>
      {/* Decorative beside the title: the card's name is its visible text (title, code, expiry), as axe asks. */}
      <Avatar
        aria-hidden="true"
        variant="rounded"
        src={company.image_path ?? undefined}
        alt={t('companies.logo', { title: company.title })}
        sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontSize: 22 }}
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
          {expired ? t('companies.expired', { date }) : t('companies.expires', { date, count: daysLeft })}
        </Typography>
        {company.deleted_at ? (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label={t('companies.deletedChip')}
            sx={{ mt: 0.5 }}
          />
        ) : null}
      </Box>
    </CardContent>
  );
}

/**
 * A company in the list: logo (initials when missing), title and its expiry, red within 30 days or past.
 * A live company is selected by a click; a deleted one only shows, dimmed.
 */
export function CompanyCard({ company, now, selecting, onSelect, menu }: CompanyCardProps) {
  const { t } = useTranslation();
  const deleted = company.deleted_at !== null;
  return (
    <Card variant="outlined" sx={{ position: 'relative', height: '100%', opacity: deleted ? 0.75 : 1 }}>
      {selecting ? (
        <LinearProgress
          aria-label={t('common.loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
        />
      ) : null}
      {deleted ? (
        <CardBody company={company} now={now} />
      ) : (
        <CardActionArea onClick={() => onSelect(company)} disabled={selecting} sx={{ height: '100%' }}>
          <CardBody company={company} now={now} />
        </CardActionArea>
      )}
      {menu ? <Box sx={{ position: 'absolute', top: 8, right: 8 }}>{menu}</Box> : null}
    </Card>
  );
}
