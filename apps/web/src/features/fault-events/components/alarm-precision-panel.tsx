import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PrecisionFigures } from '@sdp/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFailure } from '../../../lib/errors.ts';
import { type PrecisionScope, useAlarmPrecision } from '../api/get-alarm-precision.ts';

/** 0.6 → '60 %'; no events closed with an outcome → '–'. */
export function percent(value: number | null): string {
  return value === null ? '–' : `${Math.round(value * 100)} %`;
}

/** The confirmed faults warned first, and how many days before (the median), in words. */
export function warnedFirstText(figures: PrecisionFigures, t: TFunction): string {
  const warned = t('alarmOutcomes.warnedFirst', {
    warned: figures.warnedFirst,
    confirmed: figures.confirmed,
  });
  const lead =
    figures.medianLeadDays === null
      ? t('alarmOutcomes.noLead')
      : t('alarmOutcomes.medianLead', { count: figures.medianLeadDays });
  return `${warned}, ${lead}`;
}

function FiguresTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Box sx={{ overflowX: 'auto', mt: 2 }}>
      <Typography variant="subtitle2" component="h4">
        {label}
      </Typography>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell, i) => (
              <TableCell key={cell} align={i === 0 ? 'left' : 'right'}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the answer's, in its order
            <TableRow key={r}>
              {row.map((cell, i) => (
                <TableCell
                  key={head[i]}
                  align={i === 0 ? 'left' : 'right'}
                  sx={i === 0 ? undefined : { whiteSpace: 'nowrap' }}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Alarm precision (issue 25 item 5) of a model or of the company's models the caller sees: of the fault events
 * closed with an outcome, the share that were confirmed faults, the other outcomes, how many confirmed faults had a
 * Warning first and the median days before; by failure mode found (and, for a company, by model), with what the
 * numbers mean.
 */
export function AlarmPrecisionPanel({ scope }: { scope: PrecisionScope }) {
  const { t } = useTranslation();
  const precision = useAlarmPrecision(scope);
  const data = precision.data;
  const total = data?.total;
  const mode = (name: string) => t(`alarmOutcomes.failureModes.${name}`, { defaultValue: name });
  const lead = (figures: PrecisionFigures) =>
    figures.medianLeadDays === null ? '–' : figures.medianLeadDays;
  return (
    <Paper variant="outlined" component="section" aria-label={t('alarmOutcomes.title')} sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2">
        {t('alarmOutcomes.title')}
      </Typography>
      {precision.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {describeFailure(precision.error, t('alarmOutcomes.loadFailed'), t)}
        </Alert>
      ) : !total ? (
        <Skeleton variant="rectangular" height={72} sx={{ mt: 1 }} />
      ) : total.closed === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('alarmOutcomes.empty')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mt: 1 }}>
            <Typography variant="h4" component="p" aria-label={t('alarmOutcomes.precision')}>
              {percent(total.precision)}
            </Typography>
            <Typography variant="body1">
              {t('alarmOutcomes.confirmedOf', { confirmed: total.confirmed, closed: total.closed })}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('alarmOutcomes.counts', {
              noFault: total.noFault,
              planned: total.planned,
              other: total.other,
            })}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {warnedFirstText(total, t)}
          </Typography>
          {data.failureModes.length ? (
            <FiguresTable
              label={t('alarmOutcomes.byFailureMode')}
              head={[
                t('alarmOutcomes.columns.failureMode'),
                t('alarmOutcomes.columns.confirmed'),
                t('alarmOutcomes.columns.warnedFirst'),
                t('alarmOutcomes.columns.medianLead'),
              ]}
              rows={data.failureModes.map((row) => [
                mode(row.failureMode),
                row.confirmed,
                row.warnedFirst,
                lead(row),
              ])}
            />
          ) : null}
          {'companyId' in scope && data.models.length ? (
            <FiguresTable
              label={t('alarmOutcomes.byModel')}
              head={[
                t('alarmOutcomes.columns.model'),
                t('alarmOutcomes.columns.closed'),
                t('alarmOutcomes.columns.confirmed'),
                t('alarmOutcomes.columns.precision'),
                t('alarmOutcomes.columns.warnedFirst'),
                t('alarmOutcomes.columns.medianLead'),
              ]}
              rows={data.models.map((row) => [
                row.modelName,
                row.closed,
                row.confirmed,
                percent(row.precision),
                row.warnedFirst,
                lead(row),
              ])}
            />
          ) : null}
        </>
      )}
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
        {t('alarmOutcomes.explanation')}
      </Typography>
    </Paper>
  );
}
