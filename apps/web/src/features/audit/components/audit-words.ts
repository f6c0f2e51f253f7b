import { type AuditEntry, eventAlarmMessage, eventDiagnosis } from '@sdp/contracts';
import i18next, { type TFunction } from 'i18next';

const FAULT_EVENT_ACTIONS = [
  'acknowledge',
  'update-comment',
  'done',
  'update-done-comment',
  'escalate',
] as const;
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
    // The analysis' message in the reader's language too (issue 27 item 5), from the event's diagnosis when the
    // entry recorded it (a Duval zone event's message is built from it).
    text('alarmMessage') &&
      t('audit.words.message', {
        message: eventAlarmMessage(
          text('alarmMessage'),
          eventDiagnosis.safeParse(detail.diagnosis).data,
          i18next.language?.startsWith('th') ? 'th' : 'en',
        ),
      }),
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

/** 'update-equipment-tag' as 'Update equipment tag': an action or kind the words do not know yet. */
function spelledOut(code: string): string {
  const words = code.replaceAll(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What was done, in words ('Created a model'); an action without words spelled out from its code. */
export function auditActionWords(action: string, t: TFunction): string {
  return t(`audit.actions.${action}` as 'audit.actions.create', { defaultValue: spelledOut(action) });
}

/**
 * To what, in words (issue 27 item 2): the kind of thing and its name where the server found one ('Model: Cooling
 * water pump 101 train (P101-RVS1)'), so the record's id can stay behind the details toggle.
 */
export function auditWhatWords(entry: Pick<AuditEntry, 'entity' | 'entityName'>, t: TFunction): string {
  const kind = t(`audit.entities.${entry.entity}` as 'audit.entities.model', {
    defaultValue: spelledOut(entry.entity),
  });
  return entry.entityName ? `${kind}: ${entry.entityName}` : kind;
}
