import type { CompanyAlarm } from '@sdp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { phoneScreen } from '../../../testing/phone-screen.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { CompanyAlarmsPage } from './company-alarms-page.tsx';

const MODEL = '00000000-0000-4000-8000-0000000000a1';

function alarm(
  id: number,
  message: string,
  state: { acknowledged?: boolean; done?: boolean } = {},
): CompanyAlarm {
  return {
    id,
    modelId: MODEL,
    eventDate: '2026-11-21T02:00:00.000Z',
    alarmMessage: message,
    alarmType: 2,
    alarmValue: 22.8,
    warningLimit: 10,
    alarmLimit: 20,
    sensorId: 'S1',
    tag: 'S1.acceleration.x',
    cause: '-',
    recommendation: '-',
    diagnosis: null,
    isAcknowledged: state.acknowledged ?? false,
    isDone: state.done ?? false,
    updatedAt: '2026-11-21T02:00:00.000Z',
    occurrences: 1,
    lastValue: null,
    lastAt: null,
    reopenedFrom: null,
    escalationStage: 0,
    escalatedAt: null,
    escalation: { firstReminderAt: '2026-11-21T07:00:00.000Z', state: 'pending' },
    stillActive: null,
    acknowledgedAt: state.acknowledged ? '2026-11-21T03:00:00.000Z' : null,
    acknowledged_user: state.acknowledged ? 'Olivia Owner' : null,
    acknowledged_msg: state.acknowledged ? 'seen' : null,
    acknowledged_by_user: state.acknowledged
      ? { id: null, name: 'Olivia Owner', email: 'owner@example.com' }
      : null,
    acknowledged_to_user: [],
    doneAt: state.done ? '2026-11-21T04:00:00.000Z' : null,
    done_by_user: null,
    done_to_user: [],
    done_msg: null,
    outcome: state.done ? 'no_fault_found' : null,
    outcomeFailureMode: null,
    modelName: 'P101',
    modelCode: 'RVS-P101',
    modelTypeId: 5,
    equipmentTagName: 'Pump 101',
  };
}

const items = [
  alarm(1, 'Alarm: acceleration x'),
  alarm(2, 'Alarm: velocity x', { acknowledged: true }),
  alarm(3, 'Alarm: temperature', { acknowledged: true, done: true }),
];

function renderAlarms(permissions: string[]) {
  return renderPage(<CompanyAlarmsPage />, {
    path: '/company/:id/alarms',
    at: '/company/c1/alarms',
    me: testMe({ permissions: permissions as never }),
  });
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (message: string) => screen.getByText(message).closest('tr') as HTMLElement;
const tick = (message: string) =>
  fireEvent.click(
    within(row(message)).getByRole('checkbox', { name: new RegExp(`^Select ${message} of P101`) }),
  );

describe('CompanyAlarmsPage: acting from the list', () => {
  it('acknowledges the ticked events with one comment in one dialog, mailing everyone who sees them by default', async () => {
    const calls = stubServer({
      'GET /api/v1/fault-events': { status: 200, body: { items, total: 3 } },
      'GET /api/v1/fault-event/members': { status: 200, body: { items: [] } },
      'POST /api/v1/fault-event/bulk': {
        status: 200,
        body: { changed: [{ id: 1, action: 'acknowledged' }], items: [] },
      },
    });
    renderAlarms(['ViewCompany', 'ManageFaultEvents']);
    await screen.findByText('Alarm: acceleration x');
    // A done event cannot be acted on.
    expect(within(row('Alarm: temperature')).getByRole('checkbox')).toHaveProperty('disabled', true);

    tick('Alarm: acceleration x');
    tick('Alarm: velocity x');
    const toolbar = screen.getByRole('toolbar', { name: 'Act on the selected events' });
    expect(within(toolbar).getByText('2 events selected')).toBeTruthy();
    // Done needs every ticked event acknowledged.
    expect(within(toolbar).getByRole('button', { name: 'Done' })).toHaveProperty('disabled', true);
    expect(within(toolbar).getByText('Done needs every event acknowledged first: 1 is not.')).toBeTruthy();

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 2 fault events' });
    expect(
      within(dialog).getByText('Nobody chosen: the mails go to everyone who sees each event’s equipment.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByText('* Messages is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Bearing greased on site' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/v1/fault-event/bulk');
    expect(sent[0]?.body).toEqual({
      action: 'acknowledge',
      fault_event_ids: [1, 2],
      comment: 'Bearing greased on site',
    });
    expect(await screen.findByText('2 fault events changed. Your data was sent.')).toBeTruthy();
    // One confirmation, not two: no 'Would you like to send a comment?' question was asked.
    expect(screen.queryByText('Would you like to send a comment?')).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Act on the selected events' })).toBeNull();
  });

  it('shows the server’s refusal in the dialog and keeps the comment', async () => {
    stubServer({
      'GET /api/v1/fault-events': { status: 200, body: { items, total: 3 } },
      'GET /api/v1/fault-event/members': { status: 200, body: { items: [] } },
      'POST /api/v1/fault-event/bulk': {
        status: 409,
        body: { detail: 'This fault event is already done. Nothing was changed. Fault event: 2.' },
      },
    });
    renderAlarms(['ViewCompany', 'ManageFaultEvents']);
    await screen.findByText('Alarm: velocity x');
    tick('Alarm: velocity x');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 1 fault event done' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Replaced' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /^Outcome/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'No fault found' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(
      await within(dialog).findByText(
        'This fault event is already done. Nothing was changed. Fault event: 2.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveProperty('value', 'Replaced');
  });

  it('offers no selection to a role that may only read the list', async () => {
    stubServer({ 'GET /api/v1/fault-events': { status: 200, body: { items, total: 3 } } });
    renderAlarms(['ViewCompany']);
    await screen.findByText('Alarm: acceleration x');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });
});

describe('CompanyAlarmsPage on a phone (issue 27.3)', () => {
  it('shows each event as a card with its severity, state, what, when and the next action, and acts on that one', async () => {
    phoneScreen();
    const calls = stubServer({
      'GET /api/v1/fault-events': { status: 200, body: { items, total: 3 } },
      'GET /api/v1/fault-event/members': { status: 200, body: { items: [] } },
    });
    renderAlarms(['ViewCompany', 'ManageFaultEvents']);

    const list = await screen.findByRole('list', { name: 'Alarms' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [open, acknowledged, done] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByText('Alarm')).toBeTruthy();
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByText('Alarm: acceleration x')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'P101' })).toBeTruthy();
    expect(within(open).getByText(/Alarm Value: 22\.80/)).toBeTruthy();
    expect(within(acknowledged).getByText('Acknowledged')).toBeTruthy();
    expect(within(acknowledged).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(within(done).getByText('Done')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();

    fireEvent.click(within(open).getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByRole('dialog', { name: 'Acknowledge 1 fault event' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows no action to those who may only read', async () => {
    phoneScreen();
    stubServer({ 'GET /api/v1/fault-events': { status: 200, body: { items, total: 3 } } });
    renderAlarms(['ViewCompany']);
    const list = await screen.findByRole('list', { name: 'Alarms' });
    expect(within(list).queryAllByRole('button')).toHaveLength(0);
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('3 events')).toBeTruthy();
  });
});

describe('CompanyAlarmsPage in Thai (issue 27 item 5)', () => {
  it('says the alarm message the analysis wrote and the date in Thai', async () => {
    setLanguage('th');
    try {
      stubServer({
        'GET /api/v1/fault-events': {
          status: 200,
          body: { items: [alarm(1, 'Alarm: Motor DE velocity 4.639 (limit 4.5)')], total: 1 },
        },
      });
      renderAlarms(['ViewCompany']);
      expect(await screen.findByText('แจ้งเตือนอันตราย: ความเร็ว Motor DE 4.639 (ขีดจำกัด 4.5)')).toBeTruthy();
      expect(screen.queryByText(/Motor DE velocity/)).toBeNull();
      // 02:00 UTC is 09:00 in Bangkok, with the Thai month.
      expect(screen.getByText('21 พ.ย. 2026, 09:00')).toBeTruthy();
    } finally {
      setLanguage('en');
    }
  });
});
