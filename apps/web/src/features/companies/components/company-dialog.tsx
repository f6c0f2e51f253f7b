import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Company } from '@sdp/contracts';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ImagePicker } from '../../../components/image-picker.tsx';
import { initials } from '../../../lib/initials.ts';
import { calendarDateIn, resolveTimeZone } from '../../../lib/time.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useCreateCompany } from '../api/create-company.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import {
  type CompanyFormValues,
  companyFormSchema,
  companyFormValues,
  newCompanyForm,
} from './company-form.ts';

// Every IANA zone the browser knows; 'UTC' is accepted by the server but not always listed.
const timeZones = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])];

type CompanyDialogProps = {
  /** The company to edit; a new one is created when absent. */
  company?: Company | undefined;
  onClose: () => void;
};

/** The company dialog, CREATE or EDIT (spec 01 §2, §5): Confirm stays disabled while the form is invalid. */
export function CompanyDialog({ company, onClose }: CompanyDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const createCompany = useCreateCompany();
  const updateCompany = useUpdateCompany();
  const schema = useMemo(() => companyFormSchema(t), [t]);
  const defaultTimeZone = resolveTimeZone(undefined);
  const {
    control,
    handleSubmit,
    watch,
    formState: { isValid },
  } = useForm<CompanyFormValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: company
      ? companyFormValues(company)
      : newCompanyForm(calendarDateIn(new Date(), defaultTimeZone), defaultTimeZone),
  });
  const pending = createCompany.isPending || updateCompany.isPending;
  const title = watch('title');

  const handleConfirm = handleSubmit((payload) => {
    if (company) {
      updateCompany.mutate(
        { id: company.id, payload },
        {
          onSuccess: () => {
            feedback.success(t('companies.updated'));
            onClose();
          },
          onError: (error) => feedback.failure(error, t('companies.updateFailed')),
        },
      );
    } else {
      createCompany.mutate(payload, {
        onSuccess: () => {
          feedback.success(t('companies.created'));
          onClose();
        },
        onError: (error) => feedback.failure(error, t('companies.createFailed')),
      });
    }
  });

  return (
    <FormDialog
      title={t(company ? 'companies.form.editTitle' : 'companies.form.createTitle')}
      submitLabel={t('common.confirm')}
      onSubmit={handleConfirm}
      onClose={onClose}
      pending={pending}
      submitDisabled={!isValid}
      maxWidth="sm"
    >
      <Controller
        control={control}
        name="image_path"
        render={({ field, fieldState }) => (
          <ImagePicker
            kind="companys"
            companyId={company?.id}
            label={t('companies.form.image')}
            value={field.value || null}
            onChange={field.onChange}
            fallback={initials(title)}
            shape="rounded"
            error={fieldState.error?.message}
            uploadFailedMessage={t('companies.form.uploadFailed')}
          />
        )}
      />
      <FormTextField control={control} name="title" label={t('companies.form.title')} required fullWidth />
      <FormTextField
        control={control}
        name="initial_code"
        // Letters are kept upper-case as they are typed (spec 01 §5).
        transform={(code) => code.toUpperCase()}
        label={t('companies.form.initialCode')}
        required
        fullWidth
        disabled={company !== undefined}
        helperText={t(company ? 'companies.form.codeLocked' : 'companies.form.codeRule')}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('companies.form.description')}
        fullWidth
        multiline
        minRows={2}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(['start_date', 'end_date'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            // Either date can make the other one wrong (start after end): check both on every change.
            rules={{ deps: name === 'start_date' ? ['end_date'] : ['start_date'] }}
            render={({ field, fieldState }) => (
              <DateField
                label={t(name === 'start_date' ? 'companies.form.startDate' : 'companies.form.endDate')}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                required
              />
            )}
          />
        ))}
      </Box>
      <Controller
        control={control}
        name="time_zone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={timeZones}
            value={field.value || null}
            onChange={(_event, zone) => field.onChange(zone ?? '')}
            onBlur={field.onBlur}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={t('companies.form.timeZone')}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="rvs_upgrade"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                name={field.name}
              />
            }
            label={t('companies.form.rvsUpgrade')}
          />
        )}
      />
    </FormDialog>
  );
}
