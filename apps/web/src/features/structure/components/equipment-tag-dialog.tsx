import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MyCompany, TreeNode } from '@sdp/contracts';
import type { LatLngTuple } from 'leaflet';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { describeError } from '../../../lib/errors.ts';
import { roleIn } from '../../../lib/permissions.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useAddEquipmentTagImage } from '../api/add-equipment-tag-image.ts';
import { useCreateEquipmentTag } from '../api/create-equipment-tag.ts';
import { useDeleteEquipmentTagImage } from '../api/delete-equipment-tag-image.ts';
import { type EquipmentTagDetail, useEquipmentTag } from '../api/get-equipment-tag.ts';
import { useUpdateEquipmentTag } from '../api/update-equipment-tag.ts';
import {
  COORDINATE_MAX,
  COORDINATE_MIN,
  type EquipmentFormOutput,
  type EquipmentFormValues,
  equipmentFormSchema,
  equipmentGroupTypes,
  formatCoordinate,
} from './equipment-form.ts';
import { EquipmentImagesField } from './equipment-images-field.tsx';
import { badRequestOnly } from './failure-on-bad-request.ts';
import { LocationPicker } from './location-picker.tsx';

type EquipmentTagDialogProps = {
  company: MyCompany;
  onClose: () => void;
} & ({ parent: TreeNode; tag?: undefined } | { tag: TreeNode; parent?: undefined });

/**
 * Equipment tag create (under `parent`) or edit (`tag`), full width (spec 01 §2, §5): code, tag name, group
 * type, location (typed, searched or clicked on the map) and images. On edit the code and group type are
 * locked; OWNER_RVS always creates 'rotating' tags.
 */
export function EquipmentTagDialog({ company, parent, tag, onClose }: EquipmentTagDialogProps) {
  if (tag) return <EditEquipmentTag company={company} tag={tag} onClose={onClose} />;
  return <EquipmentTagForm company={company} parent={parent} onClose={onClose} />;
}

/** Loads the tag (with its images) before its form opens. */
function EditEquipmentTag({
  company,
  tag,
  onClose,
}: {
  company: MyCompany;
  tag: TreeNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const existing = useEquipmentTag({ companyId: company.id, tagId: tag.id });
  if (existing.data) return <EquipmentTagForm company={company} existing={existing.data} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('structure.equipment.editTitle')}</DialogTitle>
      <DialogContent>
        {existing.isError ? (
          <Alert severity="error">{describeError(existing.error, t)}</Alert>
        ) : (
          <LinearProgress aria-label={t('common.loading')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

type EquipmentTagFormProps = {
  company: MyCompany;
  onClose: () => void;
  parent?: TreeNode | undefined;
  existing?: EquipmentTagDetail | undefined;
};

function EquipmentTagForm({ company, parent, existing, onClose }: EquipmentTagFormProps) {
  const { t } = useTranslation();
  const { me } = useSession();
  const feedback = useFeedback();
  const titleId = useId();
  const createTag = useCreateEquipmentTag();
  const updateTag = useUpdateEquipmentTag();
  const addImage = useAddEquipmentTagImage();
  const deleteImage = useDeleteEquipmentTagImage();
  const schema = useMemo(() => equipmentFormSchema(t), [t]);
  // Spec 01 §5: for OWNER_RVS the group type is always 'rotating'.
  const rotatingOnly = roleIn(me, company) === 'owner_rvs';
  const editing = existing !== undefined;

  const { control, handleSubmit, setValue, watch, formState } = useForm<
    EquipmentFormValues,
    unknown,
    EquipmentFormOutput
  >({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: existing
      ? {
          structureItemTitle: existing.structureItemTitle,
          structureItemAlias: existing.structureItemAlias,
          equipmentGroupType: existing.equipmentGroupType,
          posLat: formatCoordinate(existing.posLat),
          posLng: formatCoordinate(existing.posLng),
          images: existing.images,
        }
      : {
          structureItemTitle: '',
          structureItemAlias: '',
          equipmentGroupType: rotatingOnly ? 'rotating' : '',
          posLat: '',
          posLng: '',
          images: [],
        },
  });
  const pending = createTag.isPending || updateTag.isPending || addImage.isPending || deleteImage.isPending;

  const [latText, lngText] = watch(['posLat', 'posLng']);
  const lat = Number(latText);
  const lng = Number(lngText);
  const position: LatLngTuple | null =
    latText !== '' && lngText !== '' && Number.isFinite(lat) && Number.isFinite(lng) ? [lat, lng] : null;

  const handlePick = (pickedLat: number, pickedLng: number) => {
    setValue('posLat', formatCoordinate(pickedLat), { shouldValidate: true, shouldDirty: true });
    setValue('posLng', formatCoordinate(pickedLng), { shouldValidate: true, shouldDirty: true });
  };

  const handleCreate = (values: EquipmentFormOutput) => {
    createTag.mutate(
      {
        companyId: company.id,
        parentId: parent?.id,
        structureItemTitle: values.structureItemTitle,
        structureItemAlias: values.structureItemAlias,
        equipmentGroupType: values.equipmentGroupType,
        posLat: values.posLat,
        posLng: values.posLng,
        images: values.images.map(({ url, image_name, image_size }) => ({ url, image_name, image_size })),
      },
      {
        onSuccess: () => {
          feedback.success(t('structure.equipment.created'));
          onClose();
        },
        onError: (error) => feedback.failure(error, t('structure.equipment.createFailed')),
      },
    );
  };

  const handleUpdate = async (tag: EquipmentTagDetail, values: EquipmentFormOutput) => {
    const kept = new Set(values.images.flatMap((image) => (image.id ? [image.id] : [])));
    try {
      await updateTag.mutateAsync({
        companyId: company.id,
        tagId: tag.id,
        changes: {
          structureItemAlias: values.structureItemAlias,
          posLat: values.posLat,
          posLng: values.posLng,
        },
      });
      for (const image of values.images.filter((candidate) => !candidate.id)) {
        const { url, image_name, image_size } = image;
        await addImage.mutateAsync({
          companyId: company.id,
          equipmentTagId: tag.id,
          image: { url, image_name, image_size },
        });
      }
      for (const image of tag.images.filter((candidate) => !kept.has(candidate.id))) {
        await deleteImage.mutateAsync({ companyId: company.id, imageId: image.id });
      }
    } catch (error) {
      feedback.failure(badRequestOnly(error), t('structure.equipment.updateFailed'));
      return;
    }
    feedback.success(t('structure.equipment.updated'));
    onClose();
  };

  const handleSave = handleSubmit((values) => {
    if (existing) void handleUpdate(existing, values);
    else handleCreate(values);
  });

  const where = existing ? null : parent?.path.join(' / ');
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <Box
        component="form"
        noValidate
        onSubmit={handleSave}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>
          {t(editing ? 'structure.equipment.editTitle' : 'structure.equipment.createTitle')}
          {where ? (
            <Typography variant="body2" color="text.secondary">
              {t('structure.folder.inside', { path: where })}
            </Typography>
          ) : null}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 3, pt: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Stack spacing={2}>
              <FormTextField
                control={control}
                name="structureItemTitle"
                transform={(code) => code.toUpperCase()}
                label={t('structure.equipment.code')}
                required
                fullWidth
                autoFocus={!editing}
                disabled={editing}
                helperText={t('structure.equipment.codeHint')}
              />
              <FormTextField
                control={control}
                name="structureItemAlias"
                label={t('structure.equipment.alias')}
                required
                fullWidth
                autoFocus={editing}
              />
              <FormTextField
                control={control}
                name="equipmentGroupType"
                select
                label={t('structure.equipment.groupType')}
                required
                fullWidth
                disabled={editing || rotatingOnly}
              >
                {equipmentGroupTypes.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`structure.groupTypes.${type}`)}
                  </MenuItem>
                ))}
              </FormTextField>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
                {(['posLat', 'posLng'] as const).map((name) => (
                  <FormTextField
                    key={name}
                    control={control}
                    name={name}
                    label={t(
                      name === 'posLat' ? 'structure.equipment.latitude' : 'structure.equipment.longitude',
                    )}
                    required
                    fullWidth
                    helperText={t('structure.equipment.coordinateHint', {
                      min: COORDINATE_MIN,
                      max: COORDINATE_MAX,
                    })}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                ))}
              </Box>
              <Controller
                control={control}
                name="images"
                render={({ field, fieldState }) => (
                  <EquipmentImagesField
                    companyId={company.id}
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('structure.equipment.location')}
              </Typography>
              <LocationPicker position={position} onPick={handlePick} />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!formState.isValid} loading={pending}>
            {t(editing ? 'common.save' : 'structure.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
