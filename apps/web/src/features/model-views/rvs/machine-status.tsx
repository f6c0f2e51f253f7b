import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusColor, statusInk } from '../../../components/charts/chart-logic.ts';
import { useMachineStatus } from './api/get-machine-status.ts';

/** Machine Status (spec 03 §2.3, §4.1): the overall status, the worst of the sensors, and each sensor's. */
export function MachineStatus({ modelId }: { modelId: string }) {
  const { t } = useTranslation();
  const status = useMachineStatus(modelId);
  const label = (code: number) =>
    t(`charts.status.${code < 0 ? -1 : Math.min(code, 2)}` as 'charts.status.0');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('rvs.machineStatus')}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('rvs.machineStatus')}
      </Typography>
      {status.isPending ? (
        <Skeleton height={48} />
      ) : status.isError ? (
        <Typography color="error">{t('rvs.loadError')}</Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            data-testid="machine-overall"
            label={`${t('rvs.overall')}: ${label(status.data.overallStatus)}`}
            sx={{
              bgcolor: statusColor(status.data.overallStatus),
              color: statusInk(status.data.overallStatus),
              fontWeight: 600,
            }}
          />
          {status.data.sensors.map((sensor) => (
            <Chip
              key={sensor.sensorId}
              variant="outlined"
              icon={
                <Box
                  component="span"
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: statusColor(sensor.status),
                    ml: 1,
                  }}
                />
              }
              label={`${sensor.sensorName} (${sensor.sensorId}): ${label(sensor.status)}`}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The Diagram tab of the RVS Overall Status: the machine diagram uploaded in the model settings (spec 03 §2.3),
 * then the train from driver to driven, each sensor a box in its status colour, so the failing end stands out at a
 * glance. A diagram that cannot be loaded is left out (spec 03 §7: diagram failures are only logged).
 */
export function RvsDiagram({ modelId, diagramUrl }: { modelId: string; diagramUrl: string | null }) {
  const { t } = useTranslation();
  const status = useMachineStatus(modelId);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const picture =
    diagramUrl && failedUrl !== diagramUrl ? (
      <Box
        component="img"
        src={diagramUrl}
        // The page's largest picture on a phone's first screen (its LCP, issue 29); the route asked for it already.
        fetchPriority="high"
        alt={t('models.rvs.diagram')}
        onError={() => {
          console.warn(`RVS diagram ${diagramUrl} could not be loaded`);
          setFailedUrl(diagramUrl);
        }}
        // A box of the picture's final height from the start: an image without one grows when it has loaded and
        // pushes the train and the page down (issue 29: layout shift); the picture is fitted inside.
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 240, sm: 320 },
          objectFit: 'contain',
        }}
      />
    ) : null;
  return (
    <Stack spacing={1}>
      {picture}
      {status.data ? <StatusTrain sensors={status.data.sensors} /> : <Skeleton height={120} />}
    </Stack>
  );
}

function StatusTrain({ sensors }: { sensors: { sensorId: string; sensorName: string; status: number }[] }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'stretch', justifyContent: 'center', py: 2 }}
      role="group"
      aria-label={t('modelView.diagram')}
    >
      {sensors.map((sensor, index) => (
        <Stack
          key={sensor.sensorId}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: 'center' }}
        >
          {index > 0 ? (
            <Box
              aria-hidden
              sx={{ width: { xs: 4, sm: 48 }, height: { xs: 24, sm: 4 }, bgcolor: 'grey.400' }}
            />
          ) : null}
          <Paper
            variant="outlined"
            sx={{
              p: 2,
              minWidth: 160,
              borderWidth: 3,
              borderColor: statusColor(sensor.status),
              textAlign: 'center',
            }}
          >
            <Typography sx={{ fontWeight: 600 }}>{sensor.sensorName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {sensor.sensorId}
            </Typography>
            <Typography variant="body2" sx={{ color: statusColor(sensor.status), fontWeight: 600 }}>
              {t(`charts.status.${sensor.status < 0 ? -1 : Math.min(sensor.status, 2)}` as 'charts.status.0')}
            </Typography>
          </Paper>
        </Stack>
      ))}
    </Stack>
  );
}
