import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { EscalationPolicySettings } from './escalation-policy.tsx';

const COMPANY = '00000000-0000-4000-8000-0000000000c1';

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EscalationPolicySettings (issue 26 item 6)', () => {
  it('shows the company’s times in hours and saves them in minutes', async () => {
    const calls = stubServer({
      'GET /api/v1/fault-event/escalation-policy': {
        status: 200,
        body: { alarmMinutes: 240, warningMinutes: 1440 },
      },
      'PUT /api/v1/fault-event/escalation-policy': (call) => ({ status: 200, body: call.body }),
    });
    renderPage(<EscalationPolicySettings companyId={COMPANY} />, {
      path: '/company/:id/settings',
      at: `/company/${COMPANY}/settings`,
      me: testMe({ permissions: ['ViewCompany', 'ManageIngestKeys'] }),
    });
    const alarm = await screen.findByRole('spinbutton', { name: 'Alarm: hours' });
    expect(alarm).toHaveProperty('value', '4');
    expect(screen.getByRole('spinbutton', { name: 'Warning: hours' })).toHaveProperty('value', '24');
    fireEvent.change(alarm, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder times' }));
    expect(await screen.findByText('Reminder times saved.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.search.get('company_id')).toBe(COMPANY);
    expect(put?.body).toEqual({ alarmMinutes: 150, warningMinutes: 1440 });
  });

  it('shows the server’s reason when it refuses', async () => {
    stubServer({
      'GET /api/v1/fault-event/escalation-policy': {
        status: 200,
        body: { alarmMinutes: 240, warningMinutes: 1440 },
      },
      'PUT /api/v1/fault-event/escalation-policy': {
        status: 400,
        body: { detail: 'alarmMinutes: at least 5' },
      },
    });
    renderPage(<EscalationPolicySettings companyId={COMPANY} />, {
      path: '/company/:id/settings',
      at: `/company/${COMPANY}/settings`,
      me: testMe({ permissions: ['ViewCompany', 'ManageIngestKeys'] }),
    });
    const alarm = await screen.findByRole('spinbutton', { name: 'Alarm: hours' });
    fireEvent.change(alarm, { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save reminder times' }));
    await waitFor(() => expect(screen.getByText('alarmMinutes: at least 5')).toBeTruthy());
  });
});
