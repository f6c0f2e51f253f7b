import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';
import type { MailState } from '../db/schema.ts';

export interface OutboxMessage {
  recipient: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * What administrators see of the message on the Mail outbox page: the text without its secrets (an invitation's
   * link). Absent: the message has no secrets and `text` is shown.
   */
  shownText?: string;
  companyId?: string | null;
  /** A report file (report_files) sent as the message's attachment. */
  attachmentId?: string | null;
  /** Unique per schedule occurrence and recipient: a second message with the same key is not stored. */
  runKey?: string | null;
}

export interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  shown_text: string | null;
  state: MailState;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  attachment_id: string | null;
}

const outboxColumns = [
  'id',
  'recipient',
  'subject',
  'body_text',
  'body_html',
  'shown_text',
  'state',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
  'attachment_id',
] as const;

export function createMailRepository(db: Db) {
  return {
    /** The new message's id; null when a message with the same run key is already stored. */
    async insert(message: OutboxMessage, executor: Db = db): Promise<string | null> {
      const row = await executor
        .insertInto('mail_outbox')
        .values({
          recipient: message.recipient,
          subject: message.subject,
          body_text: message.text,
          body_html: message.html ?? null,
          shown_text: message.shownText ?? null,
          company_id: message.companyId ?? null,
          attachment_id: message.attachmentId ?? null,
          run_key: message.runKey ?? null,
        })
        .onConflict((oc) => oc.column('run_key').where('run_key', 'is not', null).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** The report file a message attaches: its name and bytes, or undefined once the file is gone. */
    attachment(id: string): Promise<{ file_name: string; content: Buffer } | undefined> {
      return db
        .selectFrom('report_files')
        .select(['file_name', 'content'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    find(id: string): Promise<OutboxRow | undefined> {
      return db.selectFrom('mail_outbox').select(outboxColumns).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Records a delivery attempt. Once a message with secrets is sent or has failed for good, its secrets are no
     * longer needed: the stored text becomes the shown copy and the HTML part is dropped.
     */
    async markAttempt(id: string, state: MailState, error: string | null) {
      const done = state === 'sent' || state === 'failed';
      await db
        .updateTable('mail_outbox')
        .set({
          state,
          attempts: sql<number>`attempts + 1`,
          last_error: error,
          sent_at: state === 'sent' || state === 'stored' ? sql<Date>`now()` : null,
          ...(done
            ? {
                body_text: sql<string>`coalesce(shown_text, body_text)`,
                body_html: sql<string | null>`CASE WHEN shown_text IS NULL THEN body_html END`,
              }
            : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    async page(
      offset: number,
      limit: number,
      recipient?: string,
    ): Promise<{ items: OutboxRow[]; total: number }> {
      const base = recipient
        ? db.selectFrom('mail_outbox').where(sql<string>`lower(recipient)`, '=', recipient.toLowerCase())
        : db.selectFrom('mail_outbox');
      const [items, total] = await Promise.all([
        base
          .select(outboxColumns)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: total.n };
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
