import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ModelViewShell } from './model-view-shell.tsx';

const i18n = initI18n();
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const shell = (status: number, alarmSince: string | null) =>
  render(
    <ModelViewShell
      name="P101"
      back={null}
      status={status}
      alarmSince={alarmSince}
      openFaultEvents={1}
      refreshedAt={undefined}
      summaryLoading={false}
      timeZone="Asia/Bangkok"
      onRefresh={() => undefined}
    >
      body
    </ModelViewShell>,
  );

describe('the model page status (issue 26 item 1)', () => {
  it('says since when the model is in alarm, from its status history, in the company’s zone and language', async () => {
    shell(2, '2026-11-22T07:00:00.000Z');
    const status = screen.getByLabelText('Status');
    expect(status.textContent).toContain('Alarm');
    expect(status.textContent).toContain('since 22 November 2026, 14:00');
    cleanup();
    await i18n.changeLanguage('th');
    shell(2, '2026-11-22T07:00:00.000Z');
    expect(screen.getByLabelText('สถานะ').textContent).toContain('ตั้งแต่');
  });

  it('says nothing of a start when the model is not in warning or alarm', () => {
    shell(0, null);
    expect(screen.getByLabelText('Status').textContent).not.toContain('since');
  });
});
