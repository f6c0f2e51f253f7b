import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage, testMe } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { FaultEventHistoryLog } from './fault-event-history-log.tsx';

const MODEL = '00000000-0000-4000-8000-0000000000a1';

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FaultEventHistoryLog', () => {
  it('lists who acknowledged and closed which event, when, in the company zone, for the period asked', async () => {
    const calls = stubServer({
      'GET /api/v1/fault-event/history': {
        status: 200,
        body: {
          items: [
            {
              id: '2',
              at: '2026-11-21T05:30:00.000Z',
              action: 'done',
              faultEventId: 12,
              alarmMessage: 'Alarm: acceleration x',
              alarmType: 2,
              comment: 'Bearing replaced',
              recipients: ['owner@acme.test'],
              outcome: null,
              user: { id: null, name: 'Olivia Owner', email: 'owner@acme.test' },
            },
            {
              id: '1',
              at: '2026-11-21T03:00:00.000Z',
              action: 'acknowledge',
              faultEventId: 12,
              alarmMessage: 'Alarm: acceleration x',
              alarmType: 2,
              comment: 'Seen',
              recipients: [],
              outcome: null,
              user: { id: null, name: '', email: 'supmem@acme.test' },
            },
          ],
        },
      },
    });
    renderPage(
      <FaultEventHistoryLog
        modelId={MODEL}
        start="2026-11-01T00:00:00.000Z"
        end="2026-11-30T23:59:59.999Z"
        timeZone="Asia/Bangkok"
      />,
      { path: '/', at: '/', me: testMe() },
    );
    const list = await screen.findByRole('list', { name: 'Fault event history' });
    const [done, acknowledged] = within(list).getAllByRole('listitem');
    expect(done?.textContent).toContain('Olivia Owner: marked done “Alarm: acceleration x” (#12)');
    expect(done?.textContent).toContain(
      '21 Nov 2026, 12:30 · Comment: Bearing replaced · Mailed to: owner@acme.test',
    );
    expect(acknowledged?.textContent).toContain(
      'supmem@acme.test: acknowledged “Alarm: acceleration x” (#12)',
    );
    expect(calls[0]?.search.get('equipment_model_id')).toBe(MODEL);
    expect(calls[0]?.search.get('startDate')).toBe('2026-11-01T00:00:00.000Z');
  });
});
