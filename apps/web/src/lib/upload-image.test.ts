import { describe, expect, it } from 'vitest';
import { isAcceptedImage } from './upload-image.ts';

describe('isAcceptedImage', () => {
  it('accepts jpeg, jpg and png files', () => {
    expect(isAcceptedImage({ name: 'logo.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedImage({ name: 'photo.JPG', type: 'image/jpeg' })).toBe(true);
    expect(isAcceptedImage({ name: 'photo.jpeg', type: '' })).toBe(true);
  });

  it('refuses other types, and a renamed file whose type gives it away', () => {
    expect(isAcceptedImage({ name: 'logo.gif', type: 'image/gif' })).toBe(false);
    expect(isAcceptedImage({ name: 'scan.pdf', type: 'application/pdf' })).toBe(false);
    expect(isAcceptedImage({ name: 'logo.png', type: 'image/webp' })).toBe(false);
  });
});
