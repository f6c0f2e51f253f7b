import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DocumentType, ModelDocuments } from '@sdp/contracts';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useFeedback } from '../../../lib/use-feedback.ts';
import { useUploadDocument } from '../api/model-files.ts';
import { FilesError } from './files-error.tsx';
import { formatFileSize, isPdfFile, PDF_ACCEPT } from './model-files-logic.ts';

const UNSUPPORTED_MEDIA_TYPE = 415;
const DOCUMENTS: { type: DocumentType; label: 'modelFiles.pmReport' | 'modelFiles.manual' }[] = [
  { type: 'pm_report', label: 'modelFiles.pmReport' },
  { type: 'manual', label: 'modelFiles.manual' },
];

/**
 * Overall Status, Document tab (spec 02 §2.4, §5, §7): the PM Report File and the Manual File. 'Export file' opens
 * the PDF in a new tab; who edits the model uploads one (PDF only) or replaces it.
 */
export function ModelDocumentsTab({
  modelId,
  documents,
}: {
  modelId: string;
  documents: { data?: ModelDocuments; isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const upload = useUploadDocument(modelId);

  if (documents.isPending) return <Skeleton variant="rounded" height={120} />;
  if (documents.isError || !documents.data) return <FilesError onRetry={() => void documents.refetch()} />;
  const data = documents.data;

  const onPick = (type: DocumentType) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isPdfFile(file)) {
      feedback.warning(t('modelFiles.pdfOnly'));
      return;
    }
    upload.mutate(
      { type, file },
      {
        onSuccess: () => feedback.success(t('modelFiles.importSuccess')),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === UNSUPPORTED_MEDIA_TYPE)
            feedback.warning(t('modelFiles.pdfOnly'));
          else feedback.failure(failure, t('modelFiles.importFailed'));
        },
      },
    );
  };

  return (
    <Stack spacing={2} divider={<Stack sx={{ borderTop: 1, borderColor: 'divider' }} />}>
      {DOCUMENTS.map(({ type, label }) => {
        const file = data.files[type];
        const busy = upload.isPending && upload.variables?.type === type;
        return (
          <Stack
            key={type}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
            role="group"
            aria-label={t(label)}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
              <DescriptionOutlined color={file ? 'primary' : 'disabled'} />
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2">{t(label)}</Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={file?.file_name}>
                  {file
                    ? t('modelFiles.fileInfo', { name: file.file_name, size: formatFileSize(file.file_size) })
                    : t('modelFiles.noFile')}
                </Typography>
              </Stack>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
              <Button
                size="small"
                variant="outlined"
                startIcon={<OpenInNew />}
                disabled={!file}
                onClick={() => file && window.open(file.url, '_blank', 'noopener')}
              >
                {t('modelFiles.exportFile')}
              </Button>
              {data.can_edit ? (
                <Button
                  component="label"
                  size="small"
                  variant="contained"
                  startIcon={<UploadFileOutlined />}
                  loading={busy}
                  aria-label={`${t(file ? 'modelFiles.replace' : 'modelFiles.upload')} ${t(label)}`}
                >
                  {t(file ? 'modelFiles.replace' : 'modelFiles.upload')}
                  <input hidden type="file" accept={PDF_ACCEPT} onChange={onPick(type)} />
                </Button>
              ) : null}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
