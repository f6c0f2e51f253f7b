import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { ModelViewShell } from './model-view-shell.tsx';
import { RvsLogo } from './rvs-logo.tsx';

const i18n = initI18n();
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function shell(marker?: ReactNode) {
  return render(
    <ModelViewShell
      name="Cooling water pump 101 train"
      marker={marker}
      back={null}
      status={1}
      openFaultEvents={0}
      refreshedAt={undefined}
      summaryLoading={false}
      timeZone="Asia/Bangkok"
      onRefresh={vi.fn()}
    >
      body
    </ModelViewShell>,
  );
}

describe('RVS logo in the model header (spec 03 §2.2)', () => {
  it('stands before the name of a type-5 model, named for screen readers in English and Thai', async () => {
    shell(<RvsLogo />);
    const logo = screen.getByRole('img', { name: 'RVS: raw vibration sensor model' });
    expect(logo.textContent).toBe('RVS');
    const heading = screen.getByRole('heading', { name: 'Cooling water pump 101 train' });
    expect(logo.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('th');
    shell(<RvsLogo />);
    expect(screen.getByRole('img', { name: /^RVS: โมเดล/ })).toBeTruthy();
  });

  it('is absent where the page gives no marker', () => {
    shell();
    expect(screen.queryByRole('img', { name: /RVS/ })).toBeNull();
  });
});
