import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  predictedFailureRecommendation,
  predictedFailureWords,
  type RvsPredictedFailure,
} from '@sdp/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALARM_COLOR,
  STATUS_COLORS,
  statusInk,
  WARNING_COLOR,
} from '../../../components/charts/chart-logic.ts';
import { usePredictedFailures } from './api/get-predicted-failures.ts';
import { LockedPanel } from './locked-panel.tsx';

type Chosen = { title: string; recommend: string };

/**
 * Predicted Failures and Recommendations (spec 03 §2.13): per sensor the failure modes of its newest capture as
 * red (alarm) and yellow (warning) chips with description and percent, green 'No Failure Detected' otherwise; a
 * chip opens its recommendation. The description (and the engine's default recommendation) is said in the reader's
 * language from the facts the engine scored (the engine's English text where a chip has none). Locked without the RVS upgrade: greyed, nothing fetched.
 */
export function PredictedFailures({ modelId, unlocked }: { modelId: string; unlocked: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language.startsWith('th') ? 'th' : 'en';
  const described = (chip: RvsPredictedFailure['alarms'][number]) =>
    chip.facts ? predictedFailureWords(chip.facts, language) : chip.failure_desc;
  // The engine's default recommendation in the reader's language too; a workbook's text as the workbook wrote it.
  const advised = (chip: RvsPredictedFailure['alarms'][number]) =>
    chip.facts && chip.recommendSource === 'engine'
      ? predictedFailureRecommendation(chip.facts, language)
      : chip.recommend;
  const failures = usePredictedFailures(modelId, unlocked);
  const [chosen, setChosen] = useState<Chosen>();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('rvs.predictedFailures')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('rvs.predictedFailures')}
        </Typography>
        {unlocked ? null : <LockOutlined fontSize="small" color="disabled" aria-label={t('rvs.locked')} />}
      </Stack>
      {!unlocked ? (
        <LockedPanel minHeight={96} />
      ) : failures.isPending ? (
        <Skeleton height={80} />
      ) : failures.isError ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography color="error">{t('rvs.loadError')}</Typography>
          <Button size="small" onClick={() => void failures.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('rvs.columns.sensorLocation')}</TableCell>
                <TableCell>{t('rvs.columns.sensorId')}</TableCell>
                <TableCell>{t('rvs.columns.failureMode')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failures.data.map((row) => (
                <TableRow key={row.sensor_id}>
                  <TableCell>{row.sensorLocation}</TableCell>
                  <TableCell>{row.sensor_id}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {row.status < 0 ? (
                        <Chip
                          size="small"
                          label={t('rvs.offline')}
                          sx={{ bgcolor: STATUS_COLORS[-1], color: statusInk(-1) }}
                        />
                      ) : !row.is_abnormaly ? (
                        <Chip
                          size="small"
                          label={t('rvs.noFailure')}
                          sx={{ bgcolor: STATUS_COLORS[0], color: '#fff' }}
                        />
                      ) : null}
                      {[
                        ...row.alarms.map((chip) => ({
                          ...chip,
                          description: described(chip),
                          advice: advised(chip),
                          color: ALARM_COLOR,
                          ink: statusInk(2),
                        })),
                        ...row.warnings.map((chip) => ({
                          ...chip,
                          description: described(chip),
                          advice: advised(chip),
                          color: WARNING_COLOR,
                          ink: statusInk(1),
                        })),
                      ].map((chip) => (
                        <Chip
                          key={`${chip.mode}-${chip.color}`}
                          size="small"
                          clickable
                          onClick={() => setChosen({ title: chip.description, recommend: chip.advice })}
                          label={`${chip.description} · ${chip.percent}%`}
                          sx={{
                            bgcolor: chip.color,
                            color: chip.ink,
                            height: 'auto',
                            '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 },
                          }}
                        />
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={Boolean(chosen)} onClose={() => setChosen(undefined)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('rvs.recommendation')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ fontWeight: 600, mb: 1 }}>{chosen?.title}</Typography>
          <Typography>{chosen?.recommend}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChosen(undefined)}>{t('rvs.close')}</Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
