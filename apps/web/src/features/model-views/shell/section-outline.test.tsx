import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { SectionOutline } from './section-outline.tsx';

const i18n = initI18n();
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function longPage() {
  return render(
    <SectionOutline>
      <section aria-label="Overall Status">
        <section aria-label="Diagram">train</section>
      </section>
      <section aria-label="Monitoring Dashboard">charts</section>
      <section aria-labelledby="notes-title">
        <h2 id="notes-title">Note and History log</h2>
      </section>
      <section aria-label="Fault Event Alarm">events</section>
    </SectionOutline>,
  );
}

describe('section navigation of a long model page (issue 27 item 4)', () => {
  it('lists the page’s panels in order, not the panels inside them, and scrolls to the one chosen', () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.getAttribute('aria-label') ?? this.getAttribute('aria-labelledby') ?? '');
    });
    longPage();
    const nav = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Overall Status', 'Monitoring Dashboard', 'Note and History log', 'Fault Event Alarm']);
    fireEvent.click(within(nav).getByRole('button', { name: 'Fault Event Alarm' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Note and History log' }));
    expect(scrolled).toEqual(['Fault Event Alarm', 'notes-title']);
  });

  it('is named in Thai, and absent from a short page', async () => {
    await i18n.changeLanguage('th');
    longPage();
    expect(screen.getByRole('navigation', { name: 'ในหน้านี้' })).toBeTruthy();
    cleanup();
    render(
      <SectionOutline>
        <section aria-label="Overall Status">one</section>
        <section aria-label="Note">two</section>
      </SectionOutline>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
