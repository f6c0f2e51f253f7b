import { describe, expect, it } from 'vitest';
import { clampIndex, formatFileSize, isPdfFile, stepIndex } from './model-files-logic.ts';

describe('carousel steps', () => {
  it('goes round the end both ways', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(0, 1, 1)).toBe(0);
    expect(stepIndex(4, 0, 1)).toBe(0);
  });
  it('keeps the shown picture inside the list after a delete', () => {
    expect(clampIndex(2, 2)).toBe(1);
    expect(clampIndex(1, 3)).toBe(1);
    expect(clampIndex(5, 0)).toBe(0);
    expect(clampIndex(-1, 3)).toBe(0);
  });
});

describe('documents', () => {
  it('takes .pdf files of type application/pdf or of no stated type', () => {
    expect(isPdfFile({ name: 'PM report.PDF', type: 'application/pdf' })).toBe(true);
    expect(isPdfFile({ name: 'manual.pdf', type: '' })).toBe(true);
    expect(isPdfFile({ name: 'manual.docx', type: 'application/pdf' })).toBe(false);
    expect(isPdfFile({ name: 'photo.pdf', type: 'image/png' })).toBe(false);
  });
  it('writes sizes as B, KB and MB', () => {
    expect(formatFileSize(900)).toBe('900 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
