import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { EvsRole, EvsStatus } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { quantityText } from '../../../components/charts/indicator-logic.ts';
import { StatusDot } from '../../../components/status-dot.tsx';
import { describeError } from '../../../lib/errors.ts';
import {
  modelStatusColors,
  modelStatusInk,
  modelStatusKind,
  modelStatusTextColors,
} from '../../../lib/model-status.ts';
import { formatDateTimeIn } from '../../../lib/time.ts';
import { useEvsStatus } from '../api/get-evs-status.ts';

const ROLES: readonly EvsRole[] = ['driver', 'transmission', 'driven'];

/** One part of the machine train in its status colour. */
function TrainPart({ label, status, sensors }: { label: string; status: number; sensors: string[] }) {
  const { t } = useTranslation();
  const kind = modelStatusKind(status);
  return (
    <Paper
      variant="outlined"
      data-evs-part={label}
      data-status={status}
      sx={{ p: 2, borderTop: 6, borderTopColor: modelStatusColors[kind], textAlign: 'center' }}
    >
      <Typography variant="subtitle2">{label}</Typography>
      <Typography variant="h6" component="p" sx={{ color: modelStatusTextColors[kind], fontWeight: 700 }}>
        {t(`modelStatus.${kind}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {sensors.join(', ') || t('vcaEvs.noSensor')}
      </Typography>
    </Paper>
  );
}

/**
 * EVS diagram (spec 02 §2.5): Driver, Transmission and Driven in their statuses with the overall health, and the
 * Sensor Detail panel (value, unit, status and limits of every sensor and quantity).
 */
export function EvsDiagram({ modelId, timeZone }: { modelId: string; timeZone: string }) {
  const { t } = useTranslation();
  const status = useEvsStatus(modelId);
  if (status.isPending) return <Skeleton variant="rounded" height={320} />;
  if (status.isError)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }} role="alert">
        <Typography color="error">{describeError(status.error, t)}</Typography>
        <Button onClick={() => void status.refetch()}>{t('common.retry')}</Button>
      </Stack>
    );
  return <EvsDiagramBody data={status.data} timeZone={timeZone} />;
}

function EvsDiagramBody({ data, timeZone }: { data: EvsStatus; timeZone: string }) {
  const { t } = useTranslation();
  const roleStatus: Record<EvsRole, number> = {
    driver: data.driverStatus,
    transmission: data.transmissionStatus,
    driven: data.drivenStatus,
  };
  const overallKind = modelStatusKind(data.overAllEquipmentStatus);
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        <Paper
          variant="outlined"
          aria-label={t('vcaEvs.healthStatus')}
          sx={{ p: 2, bgcolor: modelStatusColors[overallKind], color: modelStatusInk(overallKind) }}
        >
          <Typography variant="body2">{t('vcaEvs.healthStatus')}</Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontWeight: 700 }}
            data-overall-status={data.overAllEquipmentStatus}
          >
            {t(`modelStatus.${overallKind}`)}
          </Typography>
          <Typography variant="caption">
            {data.timestamp ? formatDateTimeIn(data.timestamp, timeZone) : t('vcaEvs.noDataYet')}
          </Typography>
        </Paper>
        {ROLES.map((role) => (
          <TrainPart
            key={role}
            label={t(`vcaEvs.roles.${role}`)}
            status={roleStatus[role]}
            sensors={data.sensors.filter((sensor) => sensor.role === role).map((sensor) => sensor.sensorName)}
          />
        ))}
      </Box>
      <Box component="section" aria-labelledby="evs-sensor-detail">
        <Typography id="evs-sensor-detail" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {t('vcaEvs.sensorDetail')}
        </Typography>
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('vcaEvs.sensor')}</TableCell>
                <TableCell>{t('vcaEvs.quantity')}</TableCell>
                <TableCell align="right">{t('vcaEvs.value')}</TableCell>
                <TableCell>{t('vcaEvs.statusColumn')}</TableCell>
                <TableCell align="right">{t('charts.warning')}</TableCell>
                <TableCell align="right">{t('charts.alarm')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.sensors.flatMap((sensor) =>
                sensor.readings.map((reading, index) => (
                  <TableRow
                    key={`${sensor.uid}-${reading.type}`}
                    data-sensor={sensor.uid}
                    data-quantity={reading.type}
                  >
                    <TableCell>
                      {index === 0 ? (
                        <>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {sensor.sensorName}
                          </Typography>
                          <Typography variant="caption" color="text.secondary">
                            {sensor.uid} · {t(`vcaEvs.roles.${sensor.role}`)}
                          </Typography>
                        </>
                      ) : null}
                    </TableCell>
                    <TableCell>{t(`vcaEvs.sensorTypes.${reading.type}`)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {/* The status colour beside the value too: on a phone the Status column scrolls out of view. */}
                      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                        <StatusDot status={reading.status} decorative />
                        {quantityText(reading.value, reading.unit, reading.status)}
                      </Box>
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <StatusDot status={reading.status} decorative />
                        {t(`modelStatus.${modelStatusKind(reading.status)}`)}
                      </Box>
                    </TableCell>
                    <TableCell align="right">{reading.warning ?? '–'}</TableCell>
                    <TableCell align="right">{reading.alarm ?? '–'}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Box>
    </Stack>
  );
}
