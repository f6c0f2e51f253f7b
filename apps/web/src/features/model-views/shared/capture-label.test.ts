import { describe, expect, it } from 'vitest';
import { captureLabel, captureTime } from './capture-label.ts';

describe('capture labels (issue 27 item 2: names, not UTC file names)', () => {
  const at = '2026-11-27T02:00:00.000Z';

  it('shows the capture time in the company zone and the capture’s own short label', () => {
    expect(
      captureLabel(
        { fileName: 'P101-PDE_y_20261127T020000Z.f32', alias: 'Pump DE V', capturedAt: at },
        'Asia/Bangkok',
      ),
    ).toBe('27/11/2026 09:00 · Pump DE V');
  });

  it('leaves out an alias that is only the UTC file name (the ingest’s default)', () => {
    const fileName = 'P101-PDE_y_20261127T020000Z.f32';
    expect(captureLabel({ fileName, alias: fileName, capturedAt: at }, 'Asia/Tokyo')).toBe(
      '27/11/2026 11:00',
    );
    expect(captureLabel({ fileName: 'a.bin', alias: 'M1_20261127T020000Z', capturedAt: at }, 'UTC')).toBe(
      '27/11/2026 02:00',
    );
  });

  it('names a chart line by its capture time in the zone', () => {
    expect(captureTime(at, 'Asia/Bangkok')).toBe('27/11/2026 09:00');
    expect(captureTime(undefined, 'Asia/Bangkok')).toBeUndefined();
  });
});
