import type { AuditEntry } from '@sdp/contracts';
import type { TFunction } from 'i18next';

const FAULT_EVENT_ACTIONS = ['acknowledge', 'update-comment', 'done', 'update-done-comment'] as const;
type FaultEventAction = (typeof FAULT_EVENT_ACTIONS)[number];

/**
 * An audit entry in words where the log knows its kind (fault events: issue 26 item 7), else null and the page
 * shows the raw action, entity and fields: what was done, to what, and the details (message, comment, outcome,
 * who was mailed, how many events the one request changed).
 */
export function describeAuditEntry(
  entry: AuditEntry,
  t: TFunction,
): { action: string; what: string; detail: string } | null {
  if (entry.entity !== 'fault-event' || !(FAULT_EVENT_ACTIONS as readonly string[]).includes(entry.action))
    return null;
  const detail = entry.detail;
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : '');
  const recipients = Array.isArray(detail.recipients) ? detail.recipients.map(String) : [];
  const bulk = typeof detail.bulk === 'number' && detail.bulk > 1 ? detail.bulk : 0;
  const lines = [
    text('alarmMessage') && t('audit.words.message', { message: text('alarmMessage') }),
    text('comment') && t('audit.words.comment', { comment: text('comment') }),
    text('outcome') && t('audit.words.outcome', { outcome: text('outcome') }),
    recipients.length ? t('audit.words.mailed', { to: recipients.join(', ') }) : '',
    bulk ? t('audit.words.bulk', { count: bulk }) : '',
  ].filter(Boolean);
  return {
    action: t(`audit.words.faultEvent.${entry.action as FaultEventAction}`),
    what: t('audit.words.faultEventOf', {
      id: entry.entityId ?? '',
      model: text('modelName') || text('modelCode'),
      code: text('modelCode'),
    }),
    detail: lines.join('\n'),
  };
}
