import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { modelTypes } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useMcaOverallStatus } from '../api/get-mca-overall-status.ts';
import { useOverview } from '../api/get-overview.ts';
import { useVcaOverallStatus } from '../api/get-vca-overall-status.ts';

type Column<Row> = { key: keyof Row & string; label: string };

const MCA_TYPE = modelTypes.find((type) => type.short === 'MCA')?.id ?? 2;
const VCA_TYPE = modelTypes.find((type) => type.short === 'VCA')?.id ?? 3;

/**
 * One overall status table: a row per model, a status dot per part. Nothing when the company has none. While its
 * rows load it already stands at its size, with `expectedRows` placeholder rows, so the sections below (the map)
 * do not jump down when the rows arrive (issue 29: layout shift).
 */
function PartTable<Row extends { model_id: string; model_name: string; equipment_name: string }>({
  id,
  title,
  rows,
  expectedRows,
  columns,
}: {
  id: string;
  title: string;
  rows: readonly Row[] | undefined;
  expectedRows: number;
  columns: readonly Column<Row>[];
}) {
  const { t } = useTranslation();
  if (rows?.length === 0 || (!rows && expectedRows === 0)) return null;
  return (
    <Box component="section" aria-labelledby={id} aria-busy={!rows}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell>{t('companyOverview.columns.equipment')}</TableCell>
                <TableCell>{t('companyOverview.columns.model')}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.key} align="center">
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined
                ? Array.from({ length: expectedRows }, (_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be told apart by.
                    <TableRow key={index}>
                      {Array.from({ length: columns.length + 2 }, (_, cell) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                        <TableCell key={cell}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))
                : null}
              {rows?.map((row) => (
                <TableRow key={row.model_id}>
                  <TableCell sx={{ fontWeight: 600 }}>{row.equipment_name}</TableCell>
                  <TableCell>
                    <Link to={`/model/${row.model_id}`}>{row.model_name}</Link>
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.key} align="center" data-part={column.key}>
                      <StatusDot status={Number(row[column.key])} size={14} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

/** The overall status tables of the company's MCA and VCA models (spec 02 §3 "Overall status rows"). */
export function PartStatusTables({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const mca = useMcaOverallStatus(companyId);
  const vca = useVcaOverallStatus(companyId);
  // The dashboard (already loaded: this sits inside it) says how many models of each type the tables will list.
  const overview = useOverview({ companyId, folderId: null });
  const modelsOfType = (typeId: number) =>
    overview.data?.allEquipmentReportJson
      .flatMap((equipment) => equipment.models)
      .filter((model) => model.equipmentModelTypeId === typeId).length ?? 0;
  return (
    <>
      <PartTable
        id="overview-mca"
        title={t('companyOverview.mcaTable')}
        rows={mca.data}
        expectedRows={mca.isPending ? modelsOfType(MCA_TYPE) : 0}
        columns={[
          { key: 'airgapStatus', label: t('companyOverview.mca.airgap') },
          { key: 'bearingStatus', label: t('companyOverview.mca.bearing') },
          { key: 'rotorStatus', label: t('companyOverview.mca.rotor') },
          { key: 'statorStatus', label: t('companyOverview.mca.stator') },
          { key: 'terminalBoxStatus', label: t('companyOverview.mca.terminalBox') },
          { key: 'overAllStatus', label: t('companyOverview.mca.overall') },
        ]}
      />
      <PartTable
        id="overview-vca"
        title={t('companyOverview.vcaTable')}
        rows={vca.data}
        expectedRows={vca.isPending ? modelsOfType(VCA_TYPE) : 0}
        columns={[
          { key: 'cooling-fan', label: t('companyOverview.vca.coolingFan') },
          { key: 'dc-link-capacitor', label: t('companyOverview.vca.dcLinkCapacitor') },
          { key: 'inverter', label: t('companyOverview.vca.inverter') },
          { key: 'rectifier', label: t('companyOverview.vca.rectifier') },
          { key: 'stress', label: t('companyOverview.vca.stress') },
          { key: 'control-card', label: t('companyOverview.vca.controlCard') },
          { key: 'overall-status', label: t('companyOverview.vca.overall') },
        ]}
      />
    </>
  );
}
