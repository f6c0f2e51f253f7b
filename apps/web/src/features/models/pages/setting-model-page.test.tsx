import { type ModelDetail, modelSettingsInput } from '@sdp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { SettingModelPage } from './setting-model-page.tsx';

const MODEL_ID = '11111111-1111-4111-8111-111111111111';
const COMPANY_ID = '22222222-2222-4222-8222-222222222222';
const TAG_ID = '33333333-3333-4333-8333-333333333333';

const model: ModelDetail = {
  id: MODEL_ID,
  modelCode: 'FAN1-EVS1',
  modelName: 'Cooling fan',
  title: 'Cooling fan',
  equipmentId: TAG_ID,
  equipmentTagId: TAG_ID,
  modelTypeId: 4,
  equipmentModelTypeId: 4,
  equipmentModelType: { id: 4, title: 'EVS' },
  isActive: 'active',
  status: -1,
  equipmentCode: { code: 'FAN1' },
  companyId: COMPANY_ID,
  recommendationFileName: null,
  equipmentModelConfiguration: [],
  settings: {
    ...modelSettingsInput.parse({ model_in: { title: 'Cooling fan' } }),
    alarm_management: { persistence_from: 3, persistence_to: 5 },
  },
  updatedAt: '2026-11-22T08:00:00.000Z',
};

const owner = testMe({ selectedCompanyId: COMPANY_ID, permissions: ['ViewCompany', 'ConfigDataModelInfo'] });

function renderSettings(me = owner) {
  return renderPage(<SettingModelPage />, {
    path: '/setting/model/:id',
    at: `/setting/model/${MODEL_ID}`,
    me,
    elsewhere: ['/model/:id'],
  });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingModelPage', () => {
  it('shows the Error dialog with the server detail when the save is refused', async () => {
    const calls = stubServer({
      [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
      [`PUT /api/v1/equipment-models/${MODEL_ID}`]: {
        status: 400,
        body: { detail: 'vibration_sensor_in: unknown sensor point 9.' },
      },
    });
    renderSettings();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Model Name' }), {
      target: { value: 'Fan 1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit model' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('vibration_sensor_in: unknown sensor point 9.')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'PUT')?.body as { model_in: { title: string } };
    expect(sent.model_in.title).toBe('Fan 1');
    // The page stays, with the edit kept.
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Model Name' })).toHaveProperty('value', 'Fan 1');
  });

  it("says 'error Information cannot be changed.' when the server gives no reason", async () => {
    stubServer({
      [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
      [`PUT /api/v1/equipment-models/${MODEL_ID}`]: { status: 502 },
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit model' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText('error Information cannot be changed.')).toBeTruthy();
  });

  it('keeps Edit model disabled while the model name is empty', async () => {
    stubServer({ [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model } });
    renderSettings();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Model Name' }), { target: { value: ' ' } });
    expect(screen.getByText('* Messages is required')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit model' }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses a recommendation file that is not an Excel workbook and stages one that is', async () => {
    const calls = stubServer({ [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model } });
    renderSettings();
    const input = await screen.findByLabelText('Recommendation message file');
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'messages.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('Please upload file excel')).toBeTruthy();

    const workbook = new File(['PK'], 'messages.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [workbook] } });
    expect(await screen.findByText('messages.xlsx (uploaded on save)')).toBeTruthy();
    // Staged only: nothing is uploaded before Edit model.
    expect(calls.some((call) => call.path.endsWith('/recommendation'))).toBe(false);
  });

  it('uploads the staged file before saving, then shows the view page', async () => {
    const calls = stubServer({
      [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
      [`POST /api/v1/equipment-models/${MODEL_ID}/recommendation`]: {
        status: 200,
        body: { message: 'success', rows: 2 },
      },
      [`PUT /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
    });
    const router = renderSettings();
    fireEvent.change(await screen.findByLabelText('Recommendation message file'), {
      target: { files: [new File(['PK'], 'messages.xlsx', { type: '' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit model' }));

    expect(await screen.findByText(`Arrived at /model/:id`)).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/model/${MODEL_ID}`);
    const upload = calls.findIndex((call) => call.method === 'POST');
    const save = calls.findIndex((call) => call.method === 'PUT');
    expect(upload).toBeGreaterThan(-1);
    expect(upload).toBeLessThan(save);
    const sent = calls[upload];
    expect(sent?.search.get('modelCode')).toBe('FAN1-EVS1');
    const form = sent?.body;
    expect(form).toBeInstanceOf(FormData);
    expect(form instanceof FormData && form.get('recommendation_msg_file')).toBeInstanceOf(File);
  });

  it('shows the learning period of the learned baseline, 14 days and 50 captures by default, and saves a new one', async () => {
    const calls = stubServer({
      [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
      [`PUT /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
    });
    renderSettings();
    const days = await screen.findByRole('textbox', { name: 'Learning period (days)' });
    const captures = screen.getByRole('textbox', { name: 'Learning period (captures)' });
    expect(screen.getByText('Learned Baseline')).toBeTruthy();
    expect(days).toHaveProperty('value', '14');
    expect(captures).toHaveProperty('value', '50');
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.change(captures, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Edit model' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT')?.body as { baseline_in: unknown };
    expect(sent.baseline_in).toEqual({
      learning_days: 7,
      learning_captures: 30,
      warning_deviations: 6,
      alarm_deviations: 12,
    });
  });

  it("refuses a learning period out of bounds with the field's message, and keeps its stored deviations", async () => {
    const calls = stubServer({
      [`GET /api/v1/equipment-models/${MODEL_ID}`]: {
        status: 200,
        body: {
          ...model,
          settings: {
            ...model.settings,
            baseline_in: {
              learning_days: 21,
              learning_captures: 80,
              warning_deviations: 5,
              alarm_deviations: 9,
            },
          },
        },
      },
      [`PUT /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model },
    });
    renderSettings();
    const days = await screen.findByRole('textbox', { name: 'Learning period (days)' });
    const captures = screen.getByRole('textbox', { name: 'Learning period (captures)' });
    expect(days).toHaveProperty('value', '21');
    fireEvent.change(days, { target: { value: '400' } });
    fireEvent.change(captures, { target: { value: '2' } });
    expect(screen.getByText('Enter a whole number of days from 0 to 365.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number of captures from 3 to 100,000.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit model' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(days, { target: { value: '2.5' } });
    expect(screen.getByText('Enter a whole number of days from 0 to 365.')).toBeTruthy();
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.change(captures, { target: { value: '100000' } });
    expect(screen.queryByText(/Enter a whole number of/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit model' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.find((call) => call.method === 'PUT')?.body as { baseline_in: unknown };
    expect(sent.baseline_in).toEqual({
      learning_days: 0,
      learning_captures: 100_000,
      warning_deviations: 5,
      alarm_deviations: 9,
    });
  });

  it('sends who may not configure models to the view page', async () => {
    stubServer({ [`GET /api/v1/equipment-models/${MODEL_ID}`]: { status: 200, body: model } });
    const router = renderSettings(testMe({ selectedCompanyId: COMPANY_ID, permissions: ['ViewCompany'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/model/${MODEL_ID}`));
  });
});
