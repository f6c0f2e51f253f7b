import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Overview } from '@sdp/contracts';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WhenVisible } from '../../../components/charts/when-visible.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PagedTablePagination } from '../../../components/paged-table-pagination.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { pageRows, useLocalPaging } from '../../../lib/local-paging.ts';
import { type ModelStatusKind, modelStatusColors } from '../../../lib/model-status.ts';
import { locatedEquipment } from './overview-equipment.ts';
import type { StatusFilter } from './overview-table-logic.ts';

// Leaflet comes with the map, after the counts and the table are on screen.
const EquipmentMap = lazy(() => import('./equipment-map.tsx').then((m) => ({ default: m.EquipmentMap })));

/** Spec 01 §9: generic tables offer 5, 10 and 15 rows (default 10). */
const PAGE_SIZES = [5, 10, 15] as const;
const DEFAULT_PAGE_SIZE = 10;
const MAP_HEIGHT = 360;

const counts: {
  key: keyof Omit<Overview, 'allEquipmentReportJson'>;
  label: StatusFilter;
  kind: ModelStatusKind | null;
}[] = [
  { key: 'allModel', label: 'all', kind: null },
  { key: 'allNormalModel', label: 'normal', kind: 'normal' },
  { key: 'allWarningModel', label: 'warning', kind: 'warning' },
  { key: 'allAlarmModel', label: 'alarm', kind: 'alarm' },
  { key: 'allStopModel', label: 'stop', kind: 'offline' },
];

/**
 * The body of the company page and the folder view: model counts by status, the equipment below with the
 * status of each model, and a map of where the equipment stands. On the company page (`filter` given) the count
 * cards choose which models `models` lists (issue 13 item 5), and `models` takes the equipment table's place.
 * The map comes once `modelsReady` says the tables above it have their rows: it would otherwise be drawn and then
 * pushed down as they grow (issue 29: layout shift).
 */
export function OverviewPanel({
  overview,
  filter,
  models,
  modelsReady = true,
}: {
  overview: Overview;
  filter?: { status: StatusFilter; onStatus: (status: StatusFilter) => void } | undefined;
  models?: ReactNode;
  modelsReady?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const paging = useLocalPaging(DEFAULT_PAGE_SIZE);
  const equipment = overview.allEquipmentReportJson;
  const located = useMemo(() => locatedEquipment(equipment), [equipment]);
  const shown = pageRows(equipment, paging);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box
        component="ul"
        aria-label={t('structure.overview.countsLabel')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {counts.map(({ key, label, kind }) => {
          const chosen = filter?.status === label;
          const content = (
            <>
              <Typography variant="body2" color="text.secondary">
                {t(`structure.overview.counts.${label}`)}
              </Typography>
              <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
                {overview[key]}
              </Typography>
            </>
          );
          return (
            <Paper
              component="li"
              key={key}
              variant="outlined"
              sx={{
                borderLeft: 4,
                borderLeftColor: kind ? modelStatusColors[kind] : 'primary.main',
                ...(chosen ? { outline: 2, outlineColor: 'primary.main', bgcolor: 'action.selected' } : {}),
              }}
            >
              {filter ? (
                <ButtonBase
                  onClick={() => filter.onStatus(label)}
                  aria-pressed={chosen}
                  sx={{ display: 'block', width: '100%', textAlign: 'left', p: 2 }}
                >
                  {content}
                </ButtonBase>
              ) : (
                <Box sx={{ p: 2 }}>{content}</Box>
              )}
            </Paper>
          );
        })}
      </Box>

      {models ?? (
        <Box component="section" aria-labelledby="overview-equipment">
          <Typography id="overview-equipment" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('structure.overview.equipmentHeading', { count: equipment.length })}
          </Typography>
          {equipment.length === 0 ? (
            <EmptyState message={t('structure.overview.noEquipment')} />
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('structure.overview.columns.code')}</TableCell>
                      <TableCell>{t('structure.overview.columns.name')}</TableCell>
                      <TableCell>{t('structure.overview.columns.groupType')}</TableCell>
                      <TableCell>{t('structure.overview.columns.path')}</TableCell>
                      <TableCell>{t('structure.overview.columns.models')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((item) => (
                      <TableRow key={item.id}>
                        <TableCell>
                          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
                            <StatusDot status={item.status} />
                            {item.equipmentTitleName}
                          </Box>
                        </TableCell>
                        <TableCell>{item.structureItemAlias}</TableCell>
                        <TableCell>
                          {item.equipmentGroupType
                            ? t(`structure.groupTypes.${item.equipmentGroupType}`)
                            : ''}
                        </TableCell>
                        <TableCell sx={{ color: 'text.secondary' }}>
                          {item.path.slice(0, -1).join(' / ')}
                        </TableCell>
                        <TableCell>
                          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                            {item.models.length === 0 ? (
                              <Typography variant="body2" color="text.secondary">
                                {t('structure.overview.noModels')}
                              </Typography>
                            ) : null}
                            {item.models.map((model) => (
                              <Chip
                                key={model.id}
                                size="small"
                                variant="outlined"
                                clickable
                                component={Link}
                                to={`/model/${model.id}`}
                                icon={<StatusDot status={model.status} />}
                                label={model.title}
                                sx={{ pl: 0.5 }}
                              />
                            ))}
                          </Box>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <PagedTablePagination
                page={paging.page}
                perPage={paging.perPage}
                total={equipment.length}
                sizes={PAGE_SIZES}
                onPageChange={paging.setPage}
                onPerPageChange={paging.setPerPage}
              />
            </Paper>
          )}
        </Box>
      )}

      {modelsReady ? (
        <Box component="section" aria-labelledby="overview-map">
          <Typography id="overview-map" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('structure.overview.mapHeading')}
          </Typography>
          {located.length === 0 ? (
            <EmptyState message={t('structure.overview.noLocations')} />
          ) : (
            // The map (its code, tiles and markers) comes when it nears the screen: on a phone it is far below
            // the first screen, and it was a good part of the page's load (issue 29: Lighthouse mobile).
            <WhenVisible minHeight={MAP_HEIGHT}>
              <Suspense fallback={<Skeleton variant="rounded" height={MAP_HEIGHT} />}>
                <EquipmentMap equipment={located} height={MAP_HEIGHT} />
              </Suspense>
            </WhenVisible>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
