import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusColor, statusTextColor } from '../../../components/charts/chart-logic.ts';
import { useSensorDetail } from './api/get-sensor-detail.ts';
import { pageOf, RvsTablePager } from './rvs-table-pager.tsx';

type Reading = {
  value: number | null;
  status: number;
  info: { warning: number | null; alarm: number | null };
};

function ReadingCell({ reading, prefix }: { reading: Reading; prefix?: string }) {
  const { t } = useTranslation();
  const text = reading.value === null ? '–' : reading.value.toFixed(2);
  return (
    <Tooltip
      title={t('rvs.limits', { warning: reading.info.warning ?? '–', alarm: reading.info.alarm ?? '–' })}
    >
      <Box
        component="span"
        sx={{
          color: reading.status >= 1 ? statusTextColor(reading.status) : undefined,
          whiteSpace: 'nowrap',
        }}
      >
        {prefix ? `${prefix} ` : ''}
        {text}
      </Box>
    </Tooltip>
  );
}

/** Sensor Detail (spec 03 §2.12): statuses, overall values per axis, temperature and battery with their limits. */
export function SensorDetail({ modelId }: { modelId: string }) {
  const { t } = useTranslation();
  const detail = useSensorDetail(modelId);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const rows = detail.data ?? [];
  const axes = (row: (typeof rows)[number], quantity: 'velocity' | 'acceleration' | 'envelope') => (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {(['x', 'y', 'z'] as const).map((axis) => (
        <ReadingCell key={axis} reading={row[quantity][axis]} prefix={row.axisLabels[axis]} />
      ))}
    </Box>
  );
  return (
    <Accordion
      component="section"
      aria-label={t('rvs.sensorDetail')}
      defaultExpanded
      disableGutters
      variant="outlined"
      // The title inside the summary is the panel's heading: MUI's own h3 around the summary would stand before it,
      // out of order after the page's h1 (Lighthouse heading order).
      slotProps={{ heading: { component: 'div' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('rvs.sensorDetail')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {detail.isError ? <Typography color="error">{t('rvs.loadError')}</Typography> : null}
        <TableContainer>
          <Table size="small" aria-label={t('rvs.sensorDetail')}>
            <TableHead>
              <TableRow>
                {(
                  [
                    'status',
                    'typeOfPosition',
                    'machine',
                    'sensorId',
                    'sensorName',
                    'velocity',
                    'acceleration',
                    'envelope',
                    'temperature',
                    'battery',
                  ] as const
                ).map((column) => (
                  <TableCell key={column}>{t(`rvs.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {pageOf(rows, page, perPage).map((row) => (
                <TableRow key={row.uid}>
                  <TableCell>
                    <Box
                      role="img"
                      aria-label={t(
                        `charts.status.${row.overAllSensorStatus < 0 ? -1 : Math.min(row.overAllSensorStatus, 2)}` as 'charts.status.0',
                      )}
                      sx={{
                        width: 14,
                        height: 14,
                        borderRadius: '50%',
                        bgcolor: statusColor(row.overAllSensorStatus),
                      }}
                    />
                  </TableCell>
                  <TableCell>{row.typeOfPosition}</TableCell>
                  <TableCell>{row.machine}</TableCell>
                  <TableCell>{row.sensorId}</TableCell>
                  <TableCell>{row.sensorName}</TableCell>
                  <TableCell>{axes(row, 'velocity')}</TableCell>
                  <TableCell>{axes(row, 'acceleration')}</TableCell>
                  <TableCell>{axes(row, 'envelope')}</TableCell>
                  <TableCell>
                    <ReadingCell reading={row.temperature} />
                  </TableCell>
                  <TableCell>
                    <ReadingCell reading={row.battery} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <RvsTablePager
          total={rows.length}
          page={page}
          perPage={perPage}
          onPage={setPage}
          onPerPage={setPerPage}
        />
      </AccordionDetails>
    </Accordion>
  );
}
