// The development mail sink's mailbox (mail/smtpSink.ts, migration 0001).
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  mailFrom: text('mail_from').notNull(),
  mailTo: text('mail_to').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull().default(''),
  receivedAt: ts('received_at').notNull(),
});
export type MailRow = typeof mails.$inferSelect;
