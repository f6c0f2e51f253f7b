import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { initI18n } from '../lib/i18n.ts';
import { renderPage, testMe } from '../testing/render-page.tsx';
import {
  ConfigurationAccordion,
  type ConfigurationValue,
  RELOAD_DELAY_MS,
} from './configuration-accordion.tsx';

const items: ConfigurationValue[] = [
  { id: 11, title: 'Rated power', value: '110', unitCode: 'kW' },
  { id: 12, title: 'Rated speed', value: '1480', unitCode: 'rpm' },
  { id: 13, title: 'Bearing DE', value: '6316 C3', unitCode: '' },
];

function renderAccordion(props: Partial<Parameters<typeof ConfigurationAccordion>[0]> = {}) {
  const onSaveValue = vi.fn(async () => ({ message: 'success' }));
  const onSaved = vi.fn();
  renderPage(
    <ConfigurationAccordion
      title="MCA Information"
      items={items}
      editable
      onSaveValue={onSaveValue}
      onSaved={onSaved}
      {...props}
    />,
    { path: '/model/:id', at: '/model/m1', me: testMe() },
  );
  return { onSaveValue: props.onSaveValue ?? onSaveValue, onSaved };
}

beforeAll(() => {
  initI18n();
});

afterEach(() => {
  cleanup();
});

describe('ConfigurationAccordion', () => {
  it('lists each item with its Type, Value and Unit', () => {
    renderAccordion();
    const table = screen.getByRole('table', { name: 'MCA Information' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TypeValueUnit',
      'Rated power110kW',
      'Rated speed1480rpm',
      'Bearing DE6316 C3',
    ]);
  });

  it('saves only the edited values, closes, and reloads the model about a second later', async () => {
    const { onSaveValue, onSaved } = renderAccordion();
    fireEvent.click(screen.getByRole('button', { name: 'Edit value' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit value' });
    // Each field carries its unit as a suffix.
    expect(within(dialog).getByText('kW')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Rated speed' }), {
      target: { value: '1475' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Bearing DE' }), {
      target: { value: '6316 C4' },
    });
    const saved = Date.now();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSaveValue).toHaveBeenCalledTimes(2);
    expect(onSaveValue).toHaveBeenCalledWith(12, '1475');
    expect(onSaveValue).toHaveBeenCalledWith(13, '6316 C4');
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: RELOAD_DELAY_MS * 3 });
    // Allow 100 ms for timer granularity.
    expect(Date.now() - saved).toBeGreaterThanOrEqual(RELOAD_DELAY_MS - 100);
  });

  it('sends nothing when no value was changed', async () => {
    const { onSaveValue, onSaved } = renderAccordion();
    fireEvent.click(screen.getByRole('button', { name: 'Edit value' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSaveValue).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's message when a value cannot be saved", async () => {
    const { onSaved } = renderAccordion({
      onSaveValue: vi.fn(async () => {
        throw new ApiError(403, 'You may not configure this model.');
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit value' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Rated power' }), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('You may not configure this model.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit value' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('offers no Edit value to who may not configure the model', () => {
    renderAccordion({ editable: false });
    expect(screen.getByRole('table', { name: 'MCA Information' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit value' })).toBeNull();
  });
});
