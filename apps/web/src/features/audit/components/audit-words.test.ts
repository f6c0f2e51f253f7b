import type { AuditEntry } from '@sdp/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { auditActionWords, auditWhatWords, describeAuditEntry } from './audit-words.ts';

const entry = (action: string, detail: Record<string, unknown>, entity = 'fault-event'): AuditEntry => ({
  id: '1',
  at: '2026-11-21T03:00:00.000Z',
  user: { id: '00000000-0000-4000-8000-000000000001', name: 'Olivia Owner', email: 'owner@example.com' },
  company: null,
  action,
  entity,
  entityId: '12',
  entityName: null,
  detail,
});

beforeAll(() => {
  initI18n();
});

describe('describeAuditEntry', () => {
  it('says in words who closed which fault event, with the comment, the recipients and the bulk size', async () => {
    await i18next.changeLanguage('en');
    const words = describeAuditEntry(
      entry('done', {
        modelId: 'm1',
        modelName: 'P101',
        modelCode: 'RVS-P101',
        alarmMessage: 'Alarm: acceleration x',
        comment: 'Bearing replaced',
        recipients: ['a@x.test', 'b@x.test'],
        bulk: 3,
      }),
      i18next.t,
    );
    expect(words).toEqual({
      action: 'Marked a fault event done',
      what: 'Fault event #12 of P101 (RVS-P101)',
      detail:
        'Alarm: Alarm: acceleration x\nComment: Bearing replaced\nMailed to: a@x.test, b@x.test\nOne of 3 events closed or acknowledged together',
    });
    expect(describeAuditEntry(entry('acknowledge', { comment: 'seen' }), i18next.t)?.action).toBe(
      'Acknowledged a fault event',
    );
    expect(
      describeAuditEntry(entry('update-comment', { outcome: 'Replaced bearing' }), i18next.t)?.detail,
    ).toBe('Outcome: Replaced bearing');
  });

  it('speaks Thai when the page does', async () => {
    await i18next.changeLanguage('th');
    expect(describeAuditEntry(entry('acknowledge', {}), i18next.t)?.action).toBe('รับทราบเหตุการณ์ผิดปกติ');
    await i18next.changeLanguage('en');
  });

  it("says a Duval zone event's message in Thai from the diagnosis the entry recorded", async () => {
    const diagnosis = {
      mode: 'thermal_fault_t3',
      part: 'main_tank',
      location: '',
      quantity: 'Main tank Duval zone T3',
      value: 52.1,
      limit: null,
      unit: '%',
      level: 1,
      direction: 'high',
      engine: null,
      workbookRecommendation: null,
      duval: {
        zone: 'T3',
        gases: { ch4: 30, c2h4: 60, c2h2: 5 },
        shares: { ch4: 31.6, c2h4: 63.2, c2h2: 5.2 },
        gasesWithinLimits: false,
      },
    };
    const done = entry('done', {
      alarmMessage: 'Warning: Main tank Duval zone T3 (Thermal fault above 700 °C)',
      diagnosis,
    });
    expect(describeAuditEntry(done, i18next.t)?.detail).toBe(
      'Alarm: Warning: Main tank Duval zone T3 (Thermal fault above 700 °C)',
    );
    await i18next.changeLanguage('th');
    expect(describeAuditEntry(done, i18next.t)?.detail).toContain(
      'เตือน: โซนดูวาล T3 ของถังหลัก (ความผิดปกติทางความร้อนสูงกว่า 700 °C)',
    );
    await i18next.changeLanguage('en');
  });

  it('leaves other kinds of entries to the raw view', () => {
    expect(describeAuditEntry(entry('create', { title: 'x' }, 'structure'), i18next.t)).toBeNull();
    expect(describeAuditEntry(entry('escalate-unknown', {}), i18next.t)).toBeNull();
  });
});

describe('who did what to which, in words (issue 27 item 2)', () => {
  it('names the action and the thing by its name, in English and Thai', async () => {
    await i18next.changeLanguage('en');
    const model = {
      ...entry('create-model', {}, 'model'),
      entityName: 'Cooling water pump 101 train (P101-RVS1)',
    };
    expect(auditActionWords(model.action, i18next.t)).toBe('Created a model');
    expect(auditWhatWords(model, i18next.t)).toBe('Model: Cooling water pump 101 train (P101-RVS1)');
    expect(auditWhatWords({ entity: 'member', entityName: 'Sam Super' }, i18next.t)).toBe(
      'Member: Sam Super',
    );
    await i18next.changeLanguage('th');
    expect(auditActionWords('create-model', i18next.t)).toBe('สร้างโมเดล');
    expect(auditWhatWords(model, i18next.t)).toBe('โมเดล: Cooling water pump 101 train (P101-RVS1)');
    await i18next.changeLanguage('en');
  });

  it('spells out an action or kind it has no words for, and leaves out a name the server did not find', () => {
    expect(auditActionWords('merge-series', i18next.t)).toBe('Merge series');
    expect(auditWhatWords({ entity: 'session', entityName: null }, i18next.t)).toBe('Session');
    expect(auditWhatWords({ entity: 'rollup-job', entityName: null }, i18next.t)).toBe('Rollup job');
  });
});
