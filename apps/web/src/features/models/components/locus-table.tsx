import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ModelSettings } from '@sdp/contracts';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../rules/validation.ts';
import { NumberField } from './number-field.tsx';
import { AddRowButton, RemoveRowCell } from './row-actions.tsx';
import { SectionTable } from './section-table.tsx';
import { SettingSection } from './setting-section.tsx';
import { TextInput } from './text-input.tsx';
import { useRowList } from './use-row-list.ts';

type LocusRow = ModelSettings['v_and_i_locus_in'][number];
type LocusNumber = Exclude<keyof LocusRow, 'locus_name'>;

const NUMBERS: readonly LocusNumber[] = ['a', 'b', 'angle', 'e', 'area'];

type LocusTableProps = {
  rows: readonly LocusRow[];
  onChange: (rows: LocusRow[]) => void;
  errors: FieldErrors;
};

/**
 * V&I Locus: the reference ellipse of each winding (ANALYTICS §6: semi-axes a and b, tilt angle, eccentricity e
 * and area), against which later files are compared.
 */
export function LocusTable({ rows, onChange, errors }: LocusTableProps) {
  const { t } = useTranslation();
  const list = useRowList(rows, onChange);

  return (
    <SettingSection
      title={t('models.sections.locus')}
      description={t('models.locus.hint')}
      actions={
        <AddRowButton
          label={t('models.locus.add')}
          onClick={() =>
            list.add({
              locus_name: '',
              a: Number.NaN,
              b: Number.NaN,
              angle: Number.NaN,
              e: Number.NaN,
              area: Number.NaN,
            })
          }
        />
      }
    >
      <SectionTable
        label={t('models.sections.locus')}
        columns={7}
        emptyMessage={t('models.locus.empty')}
        isEmpty={rows.length === 0}
        head={
          <TableRow>
            <TableCell>{t('models.locus.name')}</TableCell>
            {NUMBERS.map((field) => (
              <TableCell key={field}>{t(`models.locus.${field}`)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        }
      >
        {rows.map((row, index) => {
          const path = `v_and_i_locus_in.${index}`;
          const name = row.locus_name || String(index + 1);
          return (
            <TableRow key={list.keyOf(index)}>
              <TableCell>
                <TextInput
                  value={row.locus_name}
                  onChange={(locus_name) => list.replace(index, { ...row, locus_name })}
                  error={errors[`${path}.locus_name`]}
                  maxLength={50}
                  ariaLabel={t('models.locus.nameOf', { index: index + 1 })}
                  sx={{ width: 140 }}
                />
              </TableCell>
              {NUMBERS.map((field) => (
                <TableCell key={field}>
                  <NumberField
                    size="small"
                    nullable={false}
                    value={row[field]}
                    onChange={(value) => list.replace(index, { ...row, [field]: value ?? Number.NaN })}
                    ariaLabel={t('models.locus.fieldOf', { field: t(`models.locus.${field}`), name })}
                    error={errors[`${path}.${field}`]}
                    sx={{ width: 100 }}
                  />
                </TableCell>
              ))}
              <RemoveRowCell label={t('models.locus.remove', { name })} onClick={() => list.remove(index)} />
            </TableRow>
          );
        })}
      </SectionTable>
    </SettingSection>
  );
}
