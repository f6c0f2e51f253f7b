import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EvsReading, EvsRole, EvsSensorType, EvsStatus } from '@sdp/contracts';
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
/** The value columns of spec 03 §2.18, in its order (Battery (V) follows). */
const DETAIL_QUANTITIES: readonly EvsSensorType[] = ['Acceleration', 'Velocity', 'Temperature'];

/** A reading in its status colour, its warning and alarm limits on hover or focus (spec 03 §2.18). */
function ReadingValue({ reading }: { reading: EvsReading }) {
  const { t } = useTranslation();
  const limits =
    reading.warning === null && reading.alarm === null
      ? t('vcaEvs.noLimits')
      : t('vcaEvs.limits', {
          warning: reading.warning ?? '–',
          alarm: reading.alarm ?? '–',
          unit: reading.unit,
        });
  return (
    <Tooltip title={limits}>
      <Box
        component="span"
        tabIndex={0}
        aria-label={`${quantityText(reading.value, reading.unit, reading.status)}, ${limits}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, textDecoration: 'underline dotted' }}
      >
        <StatusDot status={reading.status} decorative />
        {reading.value === null
          ? t('vcaEvs.noReading')
          : quantityText(reading.value, reading.unit, reading.status)}
      </Box>
    </Tooltip>
  );
}

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
      <Typography variant="subtitle2" component="p">
        {label}
      </Typography>
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
 * Sensor Detail table of spec 03 §2.18: one row per sensor with its status, type of position, machine, id and name,
 * acceleration, velocity, temperature (limits on hover) and battery.
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

/**
 * The Sensor Detail on a phone (issue 27 item 3): below 600 px the nine columns scrolled sideways, so each sensor is
 * a card with its status, name, where it sits and its readings (limits on hover or focus) and battery.
 */
function SensorCards({ sensors, labelledBy }: { sensors: EvsStatus['sensors']; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" spacing={1} aria-labelledby={labelledBy} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {sensors.map((sensor) => {
        const kind = modelStatusKind(sensor.status);
        return (
          <Paper
            key={sensor.uid}
            component="li"
            variant="outlined"
            data-sensor={sensor.uid}
            aria-label={`${sensor.sensorName}, ${t(`modelStatus.${kind}`)}`}
            sx={{ p: 1.5, borderLeft: 4, borderLeftColor: modelStatusColors[kind], overflowWrap: 'anywhere' }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <StatusDot status={sensor.status} decorative />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`modelStatus.${kind}`)}
              </Typography>
              <Typography sx={{ fontWeight: 600, ml: 'auto', textAlign: 'right' }}>
                {sensor.sensorName}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {[sensor.sensorPoint, sensor.machine, sensor.uid].filter(Boolean).join(' · ')}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.5,
                m: 0,
                mt: 1,
              }}
            >
              {DETAIL_QUANTITIES.map((type) => {
                const reading = sensor.readings.find((one) => one.type === type);
                return (
                  <Box key={type} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {t(`vcaEvs.detailColumns.${type}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" data-quantity={type} sx={{ m: 0 }}>
                      {reading ? <ReadingValue reading={reading} /> : '–'}
                    </Typography>
                  </Box>
                );
              })}
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('vcaEvs.detailColumns.battery')}
              </Typography>
              <Typography component="dd" variant="body2" data-quantity="battery" sx={{ m: 0 }}>
                {sensor.battery.value === null ? '–' : sensor.battery.value.toFixed(2)}
              </Typography>
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}

function EvsDiagramBody({ data, timeZone }: { data: EvsStatus; timeZone: string }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
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
        <Typography id="evs-sensor-detail" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {t('vcaEvs.sensorDetail')}
        </Typography>
        {phone ? (
          <SensorCards sensors={data.sensors} labelledBy="evs-sensor-detail" />
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-labelledby="evs-sensor-detail">
              <TableHead>
                <TableRow>
                  <TableCell>{t('vcaEvs.statusColumn')}</TableCell>
                  <TableCell>{t('vcaEvs.typeOfPosition')}</TableCell>
                  <TableCell>{t('vcaEvs.machine')}</TableCell>
                  <TableCell>{t('vcaEvs.sensorId')}</TableCell>
                  <TableCell>{t('vcaEvs.sensorName')}</TableCell>
                  {DETAIL_QUANTITIES.map((type) => (
                    <TableCell key={type} align="right">
                      {t(`vcaEvs.detailColumns.${type}`)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{t('vcaEvs.detailColumns.battery')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.sensors.map((sensor) => (
                  <TableRow key={sensor.uid} data-sensor={sensor.uid}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                        <StatusDot status={sensor.status} decorative />
                        {t(`modelStatus.${modelStatusKind(sensor.status)}`)}
                      </Box>
                    </TableCell>
                    <TableCell>{sensor.sensorPoint || '–'}</TableCell>
                    <TableCell>{sensor.machine || '–'}</TableCell>
                    <TableCell>{sensor.uid}</TableCell>
                    <TableCell sx={{ fontWeight: 600 }}>{sensor.sensorName}</TableCell>
                    {DETAIL_QUANTITIES.map((type) => {
                      const reading = sensor.readings.find((one) => one.type === type);
                      return (
                        <TableCell
                          key={type}
                          align="right"
                          data-quantity={type}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {reading ? <ReadingValue reading={reading} /> : '–'}
                        </TableCell>
                      );
                    })}
                    <TableCell align="right" data-quantity="battery" sx={{ whiteSpace: 'nowrap' }}>
                      {sensor.battery.value === null ? '–' : sensor.battery.value.toFixed(2)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Stack>
  );
}
