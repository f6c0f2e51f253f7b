import type { UploadResponse } from '@sdp/contracts';
import { apiClient } from './api-client.ts';

/** Where an image goes: company logos, profile or equipment tag images (the server's spelling of the paths). */
export type UploadKind = 'companys' | 'profiles' | 'equipment-tags';

/** What the file picker offers (spec 01 §5: jpeg, jpg, png). */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const IMAGE_EXTENSIONS = /\.(jpe?g|png)$/i;

/**
 * Whether a chosen file is a jpeg or png by its type and name. The server checks the bytes as well; this only
 * saves an upload that would be refused.
 */
export function isAcceptedImage(file: Pick<File, 'name' | 'type'>): boolean {
  return IMAGE_EXTENSIONS.test(file.name) && (file.type === '' || IMAGE_TYPES.has(file.type));
}

/**
 * Uploads one image as `image_file` and answers its URL, usable directly as an `<img src>`. `companyId` names the
 * company the image belongs to (equipment images; a company's logo): only that company's people see it.
 */
export function uploadImage(kind: UploadKind, file: File, companyId?: string): Promise<UploadResponse> {
  const form = new FormData();
  form.append('image_file', file);
  const query = companyId ? `?company_id=${encodeURIComponent(companyId)}` : '';
  return apiClient.post<UploadResponse>(`/api/v1/upload/${kind}${query}`, form);
}
