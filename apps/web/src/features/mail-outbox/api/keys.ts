/** Query keys of the mail outbox. */
export const mailOutboxKeys = {
  all: ['mail-outbox'] as const,
  page: (page: number, perPage: number) => [...mailOutboxKeys.all, 'page', { page, perPage }] as const,
};
