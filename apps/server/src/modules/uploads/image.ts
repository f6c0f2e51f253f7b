/** The image types the portal accepts (spec 01 §5), recognised by their first bytes, never by name or header. */
export type ImageType = 'jpeg' | 'png';

export const IMAGE_TYPE_MESSAGE = 'Please upload file with type: jpeg, jpg, png';

export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'png';
  return null;
}

export const imageMime: Record<ImageType, string> = { jpeg: 'image/jpeg', png: 'image/png' };
