import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

// Outgoing mail behind a small interface, so the outbox worker can be tested against a real SMTP server
// started in the test, and nothing else knows about nodemailer.

export interface MailMessage {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`, escaped by whoever builds it. */
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP from a URL (smtp://user:pass@host:587, smtps://... for implicit TLS). The timeouts are short on
 * purpose: a hung mail server must fail the attempt (to be retried later) rather than hold the worker.
 */
export function createSmtpMailer(url: string): Mailer {
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transport = nodemailer.createTransport(options);
  return {
    async send({ from, to, replyTo, subject, text, html, headers }) {
      await transport.sendMail({
        from,
        to,
        ...(replyTo && { replyTo }),
        subject,
        text,
        ...(html && { html }),
        ...(headers && { headers }),
      });
    },
    close: () => transport.close(),
  };
}
