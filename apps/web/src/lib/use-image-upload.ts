import type { UploadResponse } from '@sdp/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';
import { isAcceptedImage, type UploadKind, uploadImage } from './upload-image.ts';
import { useFeedback } from './use-feedback.ts';

const UNSUPPORTED_MEDIA_TYPE = 415;

/**
 * The file input of an image field: the chosen files are checked by type and name (spec 01 §5: jpeg, jpg, png),
 * uploaded one after another and handed to `onUploaded`. A file refused by the server's check of its bytes (415)
 * gets the same 'wrong type' warning as one refused here; other failures the server's detail or `failedMessage`.
 * `companyId`: the company the images belong to (see uploadImage).
 */
export function useImageUpload(
  kind: UploadKind,
  failedMessage: string,
  onUploaded: (images: UploadResponse[]) => void,
  companyId?: string,
): { onChange: (event: ChangeEvent<HTMLInputElement>) => void; pending: boolean } {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      const uploaded: UploadResponse[] = [];
      for (const file of files) uploaded.push(await uploadImage(kind, file, companyId));
      return uploaded;
    },
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Choosing the same file again after a failure must fire again.
    event.target.value = '';
    if (files.length === 0) return;
    if (!files.every(isAcceptedImage)) {
      feedback.warning(t('upload.wrongType'));
      return;
    }
    upload.mutate(files, {
      onSuccess: onUploaded,
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === UNSUPPORTED_MEDIA_TYPE)
          feedback.warning(t('upload.wrongType'));
        else feedback.failure(failure, failedMessage);
      },
    });
  };

  return { onChange, pending: upload.isPending };
}
