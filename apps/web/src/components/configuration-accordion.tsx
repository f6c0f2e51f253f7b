import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayUnit } from '../lib/units.ts';
import { useFeedback } from '../lib/use-feedback.ts';
import { EmptyTableRow } from './empty-table-row.tsx';
import { FormDialog } from './form-dialog.tsx';

/** A configuration information item of a model as the accordion shows it ('Rated power', '110', 'kW'). */
export type ConfigurationValue = { id: number; title: string; value: string; unitCode: string };

/** Spec 02 §4: the model is reloaded about a second after edited values are saved. */
export const RELOAD_DELAY_MS = 1000;
const VALUE_MAX = 500;

type ConfigurationAccordionProps = {
  /** '<type> Information' ('Machine Information' for RVS). */
  title: string;
  items: readonly ConfigurationValue[];
  /** Whether 'Edit value' is offered (the user may configure the model). */
  editable: boolean;
  /** Saves one item's value. */
  onSaveValue: (id: number, value: string) => Promise<unknown>;
  /** Reloads the model; called {@link RELOAD_DELAY_MS} after the edited values were saved. */
  onSaved: () => void;
  defaultExpanded?: boolean;
};

/**
 * The configuration information of a model (spec 02 §2.7): Type, Value and Unit of each item, and an 'Edit value'
 * dialog that saves each changed item.
 */
export function ConfigurationAccordion({
  title,
  items,
  editable,
  onSaveValue,
  onSaved,
  defaultExpanded = true,
}: ConfigurationAccordionProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A pending reload is dropped with the page it would reload.
  useEffect(() => () => clearTimeout(reloadTimer.current), []);

  const handleSaved = () => {
    setEditing(false);
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(onSaved, RELOAD_DELAY_MS);
  };

  return (
    <>
      <Accordion
        component="section"
        aria-label={title}
        defaultExpanded={defaultExpanded}
        variant="outlined"
        disableGutters
        // The title inside the summary is the panel's heading: MUI's own h3 around the summary would stand before it,
        // out of order after the page's h1 (Lighthouse heading order).
        slotProps={{ heading: { component: 'div' } }}
      >
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          {editable && items.length > 0 ? (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <Button startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('configuration.editValue')}
              </Button>
            </Box>
          ) : null}
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('configuration.type')}</TableCell>
                <TableCell>{t('configuration.value')}</TableCell>
                <TableCell>{t('configuration.unit')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.length === 0 ? <EmptyTableRow columns={3} message={t('configuration.empty')} /> : null}
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{item.title}</TableCell>
                  <TableCell>{item.value}</TableCell>
                  <TableCell>{displayUnit(item.unitCode)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </AccordionDetails>
      </Accordion>
      {editing ? (
        <EditValueDialog
          items={items}
          onSaveValue={onSaveValue}
          onClose={() => setEditing(false)}
          onSaved={handleSaved}
        />
      ) : null}
    </>
  );
}

type Draft = { value: string; isEdit: boolean };

type EditValueDialogProps = {
  items: readonly ConfigurationValue[];
  onSaveValue: (id: number, value: string) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
};

/** 'Edit value': a text field per item with its unit; an item changed here gets an edited flag and is saved. */
function EditValueDialog({ items, onSaveValue, onClose, onSaved }: EditValueDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [drafts, setDrafts] = useState<Record<number, Draft>>(() =>
    Object.fromEntries(items.map((item) => [item.id, { value: item.value, isEdit: false }])),
  );
  const [pending, setPending] = useState(false);

  const handleSubmit = async (event: BaseSyntheticEvent) => {
    event.preventDefault();
    const edited = items.filter((item) => drafts[item.id]?.isEdit);
    if (edited.length === 0) {
      onClose();
      return;
    }
    setPending(true);
    try {
      await Promise.all(edited.map((item) => onSaveValue(item.id, drafts[item.id]?.value ?? item.value)));
      setDrafts((current) =>
        Object.fromEntries(Object.entries(current).map(([id, draft]) => [id, { ...draft, isEdit: false }])),
      );
      onSaved();
    } catch (error) {
      feedback.failure(error, t('configuration.saveFailed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      title={t('configuration.editValue')}
      submitLabel={t('common.save')}
      onSubmit={(event) => void handleSubmit(event)}
      onClose={onClose}
      pending={pending}
      maxWidth="sm"
    >
      {items.map((item) => {
        const unit = displayUnit(item.unitCode);
        return (
          <TextField
            key={item.id}
            label={item.title}
            size="small"
            value={drafts[item.id]?.value ?? ''}
            onChange={(event) =>
              setDrafts((current) => ({ ...current, [item.id]: { value: event.target.value, isEdit: true } }))
            }
            slotProps={{
              htmlInput: { maxLength: VALUE_MAX },
              input: unit
                ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
                : undefined,
            }}
          />
        );
      })}
    </FormDialog>
  );
}
