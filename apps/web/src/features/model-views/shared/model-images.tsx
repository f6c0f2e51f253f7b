import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { IMAGE_ACCEPT, isAcceptedImage } from '../../../lib/upload-image.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useAddModelImage, useDeleteModelImage, useModelImages } from '../api/model-files.ts';
import { FilesError } from './files-error.tsx';
import { CAROUSEL_HEIGHT, CAROUSEL_INTERVAL_MS, clampIndex, stepIndex } from './model-files-logic.ts';

const UNSUPPORTED_MEDIA_TYPE = 415;

/**
 * Overall Status, Image tab (spec 02 §2.4, §5, §9): a carousel 300 px high that cycles through the model's pictures,
 * full screen on click, Add image and delete with confirmation for who edits the model, and a drag-and-drop area
 * while there are none.
 */
export function ModelImages({ modelId, canEdit }: { modelId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const images = useModelImages(modelId);
  const add = useAddModelImage(modelId);
  const remove = useDeleteModelImage(modelId);
  const confirm = useConfirm();
  const [chosen, setChosen] = useState(0);
  const [paused, setPaused] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [dragging, setDragging] = useState(false);
  const list = images.data ?? [];
  const index = clampIndex(chosen, list.length);
  const current = list[index];

  // Cycles while there is more than one picture, not hovered and not shown full screen.
  useEffect(() => {
    if (list.length < 2 || paused || fullscreen) return;
    const timer = setInterval(() => setChosen((at) => stepIndex(at, list.length, 1)), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [list.length, paused, fullscreen]);

  const upload = async (files: File[]) => {
    if (!files.length) return;
    if (!files.every(isAcceptedImage)) {
      feedback.warning(t('modelFiles.imageType'));
      return;
    }
    for (const file of files) {
      try {
        await add.mutateAsync(file);
        feedback.success(t('modelFiles.addImageSuccess'));
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === UNSUPPORTED_MEDIA_TYPE)
          feedback.warning(t('modelFiles.imageType'));
        else feedback.failure(failure, t('modelFiles.imageFailed'));
        return;
      }
    }
    // Show the picture just added: the last one.
    setChosen(list.length + files.length - 1);
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    void upload(files);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit) void upload([...event.dataTransfer.files]);
  };
  const askDelete = () => {
    if (!current) return;
    confirm.ask({
      title: t('modelFiles.deleteImage'),
      message: t('modelFiles.deleteImageQuestion'),
      confirmLabel: t('modelFiles.delete'),
      destructive: true,
      run: async () => {
        try {
          await remove.mutateAsync(current.id);
          feedback.success(t('modelFiles.deleteImageSuccess'));
        } catch (failure) {
          feedback.failure(failure, t('modelFiles.deleteFailed'));
          throw failure;
        }
      },
    });
  };

  const addButton = canEdit ? (
    <Button
      component="label"
      variant="outlined"
      size="small"
      startIcon={<AddPhotoAlternateOutlined />}
      loading={add.isPending}
    >
      {t('modelFiles.addImage')}
      <input hidden type="file" accept={IMAGE_ACCEPT} multiple onChange={onPick} />
    </Button>
  ) : null;

  if (images.isPending) return <Skeleton variant="rounded" height={CAROUSEL_HEIGHT} />;
  if (images.isError) return <FilesError onRetry={() => void images.refetch()} />;

  if (!current) {
    return canEdit ? (
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-area"
        sx={{
          height: CAROUSEL_HEIGHT,
          display: 'grid',
          placeItems: 'center',
          alignContent: 'center',
          gap: 2,
          p: 2,
          textAlign: 'center',
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          bgcolor: dragging ? 'action.hover' : 'transparent',
        }}
      >
        <AddPhotoAlternateOutlined color="action" sx={{ fontSize: 48 }} />
        <Typography color="text.secondary">{t('modelFiles.dropHere')}</Typography>
        {addButton}
      </Box>
    ) : (
      <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
        {t('modelFiles.noImages')}
      </Typography>
    );
  }

  return (
    <Stack spacing={1}>
      <Box
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onDragOver={(event) => canEdit && event.preventDefault()}
        onDrop={onDrop}
        aria-roledescription="carousel"
        sx={{
          position: 'relative',
          height: CAROUSEL_HEIGHT,
          bgcolor: 'grey.100',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Box
          component="button"
          type="button"
          onClick={() => setFullscreen(true)}
          aria-label={t('modelFiles.fullscreen')}
          sx={{ all: 'unset', display: 'block', width: '100%', height: '100%', cursor: 'zoom-in' }}
        >
          <Box
            component="img"
            src={current.url}
            alt={t('modelFiles.imageOf', { index: index + 1, count: list.length })}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        </Box>
        {list.length > 1 ? (
          <>
            <IconButton
              aria-label={t('modelFiles.previous')}
              onClick={() => setChosen(stepIndex(index, list.length, -1))}
              sx={{
                position: 'absolute',
                left: 8,
                top: '50%',
                transform: 'translateY(-50%)',
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label={t('modelFiles.next')}
              onClick={() => setChosen(stepIndex(index, list.length, 1))}
              sx={{
                position: 'absolute',
                right: 8,
                top: '50%',
                transform: 'translateY(-50%)',
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
              }}
            >
              <ChevronRight />
            </IconButton>
          </>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0 }}
          noWrap
        >
          {t('modelFiles.imageOf', { index: index + 1, count: list.length })} · {current.image_name}
        </Typography>
        {addButton}
        {canEdit ? (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlined />}
            onClick={askDelete}
          >
            {t('modelFiles.deleteImage')}
          </Button>
        ) : null}
      </Stack>
      <Dialog
        fullScreen
        open={fullscreen}
        onClose={() => setFullscreen(false)}
        // Named on the element that has the dialog role (the paper), not the backdrop's root.
        slotProps={{ paper: { 'aria-label': current.image_name } }}
      >
        <Box
          sx={{
            position: 'relative',
            height: '100%',
            bgcolor: 'common.black',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Box
            component="img"
            src={current.url}
            alt={current.image_name}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
          <IconButton
            aria-label={t('common.close')}
            onClick={() => setFullscreen(false)}
            sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}
          >
            <Close />
          </IconButton>
        </Box>
      </Dialog>
      {confirm.dialog}
    </Stack>
  );
}
