import { createTransport } from 'nodemailer';

/** A rendered mail from the outbox, ready to leave. */
export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the mail was accepted; rejects with the transport's error otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^>\s@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * nodemailer over SMTP (`smtp://user:pass@host:587`, `smtps://...:465`). One connection per mail: the
 * back-office sends little, and a fresh connection gets over a server restart without help.
 */
export function createSmtpTransport(options: {
  url: string;
  from: string;
  timeoutMs?: number;
}): MailTransport {
  const timeout = options.timeoutMs ?? 15_000;
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
    // Nothing about recipients or content in the process logs.
    logger: false,
    debug: false,
  });
  const domain = senderDomain(options.from);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same id on every attempt, so a receiving system can recognise a repeated delivery.
        messageId: `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** Development: the outbox row is the mailbox, so "sending" only marks it sent. */
export function createMailboxTransport(): MailTransport {
  return { kind: 'mailbox', send: async () => {}, close: () => {} };
}

/** SMTP when `SMTP_URL` is set; otherwise the development mailbox, which production refuses. */
export function createMailTransport(config: {
  smtpUrl: string | undefined;
  mailFrom: string;
  isProduction: boolean;
}): MailTransport {
  if (config.smtpUrl) return createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom });
  if (config.isProduction) {
    throw new Error('SMTP_URL is required in production (without it mail would only reach the dev mailbox)');
  }
  return createMailboxTransport();
}
