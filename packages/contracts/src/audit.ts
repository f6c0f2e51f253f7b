import { z } from 'zod';
import { uuid } from './common.ts';

/** Page sizes of the audit log table. */
export const AUDIT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** What the audit log can be searched by (issue 17 item 6). */
export const auditQuery = z
  .object({
    /** Words found in the action, the kind of thing, its id, the details or who did it. */
    q: z.string().trim().max(200).optional(),
    entity: z.string().trim().max(60).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Platform-wide search only: one company. */
    company_id: uuid.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce
      .number()
      .int()
      .refine((size) => (AUDIT_PAGE_SIZES as readonly number[]).includes(size), {
        message: `size must be one of ${AUDIT_PAGE_SIZES.join(', ')}`,
      })
      .default(25),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: 'to must not be before from',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: z.object({ id: uuid, name: z.string(), email: z.string() }).nullable(),
  company: z.object({ id: uuid, title: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** What the entity is called now (a model's title and code, a user's name, a tag's code), when it still exists. */
  entityName: z.string().nullable(),
  /** What changed: for updates `{before, after}` of the changed fields where recorded. */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({
  items: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  /** The kinds of things recorded, for the filter. */
  entities: z.array(z.string()),
});
export type AuditPage = z.infer<typeof auditPage>;
