import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";

/** One outgoing message; `html` is optional (the text part is always sent). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a payment notice's or a yard visit protocol's PDF). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file written to the outbox (embedded default only). */
  file?: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox' (every message becomes a file). */
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<SentMail>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587, smtps://… ; absent → the outbox directory. */
  smtpUrl?: string;
  /** The From header, e.g. 'Odpady <noreply@example.cz>' (config MAIL_FROM). */
  from: string;
  /** Where the embedded default writes messages: <DATA_DIR>/outbox. */
  outboxDir: string;
}

/** 20250131T142501123Z: sortable, and valid in file names on every platform. */
const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, "");

/**
 * E-mail (ARCHITECTURE.md): nodemailer over SMTP when SMTP_URL is set; otherwise each message is rendered by
 * nodemailer's stream transport into a real RFC 822 message and written to `<outboxDir>/<timestamp>-<id>.eml`,
 * which any mail client opens.
 */
export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: "smtp",
      async send(message) {
        const info = await transport.sendMail({ from: opts.from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${stamp(new Date())}-${randomBytes(6).toString("hex")}.eml`);
      // 'wx': never overwrite another message.
      await fs.promises.writeFile(file, info.message as Buffer, { flag: "wx" });
      return { messageId: info.messageId, file };
    },
  };
}
