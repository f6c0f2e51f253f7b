import type { TFunction } from 'i18next';

const DAYS_PER_YEAR = 365.25;

/** How a remaining time is read: above 15 years as '> 15 years', from a year on in years, below in months or days. */
export type RemainingTime =
  | { unit: 'moreThan15Years' }
  | { unit: 'years'; value: string }
  | { unit: 'months'; count: number }
  | { unit: 'days'; count: number };

/**
 * A remaining life given in years as a planner reads it (issue 26 item 8): '0.0 years' for a month left hid the
 * urgency, so below one year it is months, and below two months whole days.
 */
export function remainingTime(years: number): RemainingTime {
  if (years > 15) return { unit: 'moreThan15Years' };
  if (years >= 1) return { unit: 'years', value: years.toFixed(1) };
  // Whole months elapsed-style (2.99 months reads '2 months'); the epsilon keeps 0.25 years at 3 months.
  const months = Math.floor(years * 12 + 1e-9);
  if (months >= 2) return { unit: 'months', count: months };
  return { unit: 'days', count: Math.max(0, Math.round(years * DAYS_PER_YEAR)) };
}

/** The words for `remainingTime`, in the user's language. */
export function formatRemainingTime(years: number, t: TFunction): string {
  const time = remainingTime(years);
  switch (time.unit) {
    case 'moreThan15Years':
      return t('remainingTime.moreThan15Years');
    case 'years':
      return t('remainingTime.years', { value: time.value });
    case 'months':
      return t('remainingTime.months', { count: time.count });
    case 'days':
      return t('remainingTime.days', { count: time.count });
  }
}
