import type { UploadResponse } from '@sdp/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { stubServer } from '../testing/stub-server.ts';
import { initI18n } from './i18n.ts';
import { useImageUpload } from './use-image-upload.ts';

/** An image field as the pickers use the hook: a file input and the names of what was uploaded. */
function Probe({ companyId }: { companyId?: string }) {
  const [images, setImages] = useState<UploadResponse[]>([]);
  const upload = useImageUpload(
    'equipment-tags',
    'Upload failed',
    (uploaded) => setImages(uploaded),
    companyId,
  );
  return (
    <>
      <input type="file" multiple aria-label="Images" onChange={upload.onChange} />
      <p>Uploaded: {images.map((image) => image.image_name).join(', ')}</p>
    </>
  );
}

const choose = (...files: File[]) => fireEvent.change(screen.getByLabelText('Images'), { target: { files } });
const png = (name: string) => new File(['bytes'], name, { type: 'image/png' });

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useImageUpload', () => {
  it('uploads every chosen image, one after another, and hands them over together', async () => {
    const calls = stubServer({
      'POST /api/v1/upload/equipment-tags': () => ({
        status: 200,
        body: {
          url: `/api/v1/files/equipment-tags/${calls.length}.png`,
          image_name: `${calls.length}.png`,
          image_size: 5,
        },
      }),
    });
    renderPage(<Probe />, { path: '/', at: '/' });
    choose(png('a.png'), png('b.png'));
    expect(await screen.findByText('Uploaded: 1.png, 2.png')).toBeTruthy();
  });

  it("warns 'wrong type' for a file refused here by its name, and for one the server refuses by its bytes (415)", async () => {
    const calls = stubServer({
      'POST /api/v1/upload/equipment-tags': {
        status: 415,
        body: { detail: 'Only JPEG and PNG images are accepted.' },
      },
    });
    renderPage(<Probe />, { path: '/', at: '/' });
    choose(new File(['bytes'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please upload file with type: jpeg, jpg, png')).toBeTruthy();
    expect(calls).toHaveLength(0);
    cleanup();

    renderPage(<Probe />, { path: '/', at: '/' });
    choose(png('fake.png'));
    expect(await screen.findByText('Please upload file with type: jpeg, jpg, png')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('names the company the images belong to, so only its people see them', async () => {
    const calls = stubServer({
      'POST /api/v1/upload/equipment-tags': {
        status: 200,
        body: { url: '/api/v1/files/equipment-tags/a.png', image_name: 'a.png', image_size: 5 },
      },
    });
    renderPage(<Probe companyId="c-1" />, { path: '/', at: '/' });
    choose(png('a.png'));
    expect(await screen.findByText('Uploaded: a.png')).toBeTruthy();
    expect(calls[0]?.search.get('company_id')).toBe('c-1');
  });

  it("shows the server's detail for any other failure", async () => {
    stubServer({
      'POST /api/v1/upload/equipment-tags': { status: 413, body: { detail: 'The file is too large.' } },
    });
    renderPage(<Probe />, { path: '/', at: '/' });
    choose(png('big.png'));
    expect(await screen.findByText(/The file is too large\./)).toBeTruthy();
  });
});
