import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { CompanyDialog } from './company-dialog.tsx';

const logo = {
  status: 200,
  body: { url: '/api/v1/files/companys/logo.png', image_name: 'logo.png', image_size: 68 },
};

function renderDialog() {
  renderPage(<CompanyDialog onClose={vi.fn()} />, {
    path: '/companies',
    at: '/companies',
    me: testMe({ role: 'ADMIN' }),
  });
}

function chooseLogo(name: string, type: string) {
  fireEvent.change(screen.getByLabelText('Company logo'), {
    target: { files: [new File(['image bytes'], name, { type })] },
  });
}

function type(name: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CompanyDialog', () => {
  it('keeps Confirm disabled until the logo, name and code are there, then creates the company', async () => {
    const calls = stubServer({
      'POST /api/v1/upload/companys': logo,
      'POST /api/v1/companies': { status: 201, body: {} },
    });
    renderDialog();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    chooseLogo('logo.png', 'image/png');
    type('Company name', 'Acme Energy');
    type('Initial code', 'acme1');

    // The code is shown upper-case as it is typed.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Initial code' })).toHaveProperty('value', 'ACME1'),
    );
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    fireEvent.click(confirm);

    expect(await screen.findByText('Create company successfully')).toBeTruthy();
    const created = calls.find((call) => call.path === '/api/v1/companies');
    expect(created?.body).toMatchObject({
      image_path: '/api/v1/files/companys/logo.png',
      title: 'Acme Energy',
      initial_code: 'ACME1',
      time_zone: 'Asia/Bangkok',
    });
    const { start_date, end_date } = (created?.body ?? {}) as { start_date?: string; end_date?: string };
    expect(start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(end_date).toBe(start_date);
  });

  it('refuses an image that is not jpeg, jpg or png without uploading it', async () => {
    const calls = stubServer({ 'POST /api/v1/upload/companys': logo });
    renderDialog();

    chooseLogo('logo.gif', 'image/gif');

    expect(await screen.findByText('Please upload file with type: jpeg, jpg, png')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/v1/upload/companys')).toBe(false);
  });

  it('disables Confirm while the start date is after the end date', async () => {
    stubServer({ 'POST /api/v1/upload/companys': logo });
    renderDialog();
    chooseLogo('logo.png', 'image/png');
    type('Company name', 'Acme Energy');
    type('Initial code', 'ACME1');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));

    type('Start date', '02/01/2030');
    type('End date', '01/01/2030');

    expect(await screen.findByText('The end date may not be before the start date.')).toBeTruthy();
    expect(screen.getByText('The start date may not be after the end date.')).toBeTruthy();
    expect(confirm.hasAttribute('disabled')).toBe(true);
  });
});
