import type { RvsOverallFailureMode } from '@sdp/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderPage } from '../../../testing/render-page.tsx';
import { stubServer } from '../../../testing/stub-server.ts';
import { RvsDiagram } from './machine-status.tsx';

const i18n = initI18n();
const MODEL = '00000000-0000-4000-8000-0000000000a5';
const DIAGRAM = '/api/v1/files/equipment-tags/c1-0123456789abcdef.png';
const status: RvsOverallFailureMode = {
  overallStatus: 2,
  sensors: [
    { sensorId: 'S-DE', sensorName: 'Motor DE', status: 0 },
    { sensorId: 'S-NDE', sensorName: 'Pump NDE', status: 2 },
  ],
};

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function show(diagramUrl: string | null) {
  stubServer({
    [`GET /api/v1/rvs-failure-mode/overall-failure-mode/${MODEL}`]: { status: 200, body: status },
  });
  renderPage(<RvsDiagram modelId={MODEL} diagramUrl={diagramUrl} />, { path: '/', at: '/' });
}

describe('the RVS Diagram tab (spec 03 §2.3, issue 27 item 6)', () => {
  it('shows the machine diagram uploaded in the model settings above the sensors in their status', async () => {
    show(DIAGRAM);
    const picture = screen.getByRole('img', { name: 'Machine diagram' });
    expect(picture.getAttribute('src')).toBe(DIAGRAM);
    const train = await screen.findByRole('group', { name: 'Diagram' });
    expect(train.textContent).toContain('Motor DE');
    expect(train.textContent).toContain('Pump NDE');
    expect(picture.compareDocumentPosition(train) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names the diagram in Thai', async () => {
    await i18n.changeLanguage('th');
    show(DIAGRAM);
    expect(screen.getByRole('img', { name: 'แผนภาพเครื่องจักร' }).getAttribute('src')).toBe(DIAGRAM);
  });

  it('shows the sensors only when no diagram is uploaded, or when the uploaded one cannot be loaded', async () => {
    show(null);
    expect(await screen.findByRole('group', { name: 'Diagram' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Machine diagram' })).toBeNull();
    cleanup();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show(DIAGRAM);
    fireEvent.error(screen.getByRole('img', { name: 'Machine diagram' }));
    expect(screen.queryByRole('img', { name: 'Machine diagram' })).toBeNull();
    expect(await screen.findByRole('group', { name: 'Diagram' })).toBeTruthy();
    expect(warn).toHaveBeenCalled();
  });
});
