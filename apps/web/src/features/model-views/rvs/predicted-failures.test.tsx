import type { RvsPredictedFailure } from '@sdp/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { PredictedFailures } from './predicted-failures.tsx';

const i18n = initI18n();
const MODEL = '00000000-0000-4000-8000-0000000000a6';
const rows: RvsPredictedFailure[] = [
  {
    sensorLocation: 'Pump DE',
    sensor_id: 'S-PDE',
    status: 2,
    is_abnormaly: true,
    alarms: [
      {
        mode: 'bearing',
        failure_desc:
          'Bearing outer race defect (BPFO 107.4 Hz): 21.4 dB above background, 2 harmonic(s) (likely)',
        facts: {
          kind: 'bearing',
          defect: 'bpfo',
          frequencyHz: 107.44,
          db: 21.37,
          fundamental: true,
          harmonics: 2,
          certainty: 'likely',
          explainedBy: null,
        },
        percent: 100,
        recommend: 'Check lubrication, plan the bearing replacement and trend the envelope more often.',
        recommendSource: 'engine',
      },
    ],
    warnings: [
      {
        mode: 'unbalance',
        failure_desc: 'Unbalance: 1× (24.75 Hz) at 3.20 mm/s, dominant',
        facts: { kind: 'unbalance', shaftHz: 24.75, amplitude: 3.2, unit: 'mm/s', dominant: true },
        percent: 71,
        recommend: 'Balance the impeller at the next stop (site practice 4.2).',
        recommendSource: 'workbook',
      },
    ],
    capturedAt: '2026-11-27T10:00:00.000Z',
  },
];

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function show() {
  stubServer({ [`GET /api/v1/rvs-failure-mode/model-failure-mode/${MODEL}`]: { status: 200, body: rows } });
  renderPage(<PredictedFailures modelId={MODEL} unlocked />, { path: '/', at: '/' });
}

describe('Predicted Failures and Recommendations (spec 03 §2.13)', () => {
  it("shows the engine's descriptions in English", async () => {
    show();
    expect(
      await screen.findByText(
        'Bearing outer race defect (BPFO 107.4 Hz): 21.4 dB above background, 2 harmonic(s) (likely) · 100%',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Unbalance: 1× (24.75 Hz) at 3.20 mm/s, dominant · 71%')).toBeTruthy();
  });

  it('shows each description in Thai in the Thai interface, in the chip and in its recommendation', async () => {
    await i18n.changeLanguage('th');
    show();
    const bearing = await screen.findByText(
      'รางนอกของตลับลูกปืนเสียหาย (BPFO 107.4 Hz): สูงกว่าพื้นหลัง 21.4 dB, ฮาร์มอนิก 2 เส้น (น่าจะเป็น) · 100%',
    );
    expect(screen.getByText('ความไม่สมดุล: 1× (24.75 Hz) 3.20 mm/s, เด่นกว่า 2× และ 3× · 71%')).toBeTruthy();
    expect(screen.queryByText(/Bearing outer race|Unbalance:/)).toBeNull();
    fireEvent.click(bearing);
    expect(
      await screen.findByText(
        'รางนอกของตลับลูกปืนเสียหาย (BPFO 107.4 Hz): สูงกว่าพื้นหลัง 21.4 dB, ฮาร์มอนิก 2 เส้น (น่าจะเป็น)',
      ),
    ).toBeTruthy();
    // The engine's default recommendation in Thai; a model's workbook recommendation stays as the workbook wrote it.
    expect(screen.getByText('ตรวจการหล่อลื่น วางแผนเปลี่ยนตลับลูกปืน และวัดสเปกตรัมเอนเวโลปให้ถี่ขึ้น')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ปิด' }));
    fireEvent.click(screen.getByText(/^ความไม่สมดุล:/));
    expect(
      await screen.findByText('Balance the impeller at the next stop (site practice 4.2).'),
    ).toBeTruthy();
  });
});
