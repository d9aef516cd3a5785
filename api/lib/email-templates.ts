import cs from "../../locales/cs/email.json" with { type: "json" };
import sk from "../../locales/sk/email.json" with { type: "json" };
import en from "../../locales/en/email.json" with { type: "json" };
import type { MailMessage } from "./mail";

type EmailTexts = typeof cs;
export const EMAIL_TEXTS: Record<"cs" | "sk" | "en", EmailTexts> = { cs, sk, en };
export type EmailLanguage = keyof typeof EMAIL_TEXTS;

const LOCALES: Record<EmailLanguage, string> = { cs: "cs-CZ", sk: "sk-SK", en: "en-GB" };

/** The user's language when it has e-mail texts, otherwise Czech (the product's default, spec 000 §1). */
export function emailLanguage(lang: string | null | undefined): EmailLanguage {
  return lang && lang in EMAIL_TEXTS ? (lang as EmailLanguage) : "cs";
}

/** {{name}} placeholders, as in the i18next translation files. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Date and time in Europe/Prague (ARCHITECTURE.md: the UI shows Prague time), in the language's format. */
export function formatDateTime(date: Date, lang: EmailLanguage): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: "numeric",
    month: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Europe/Prague",
  }).format(date);
}

export interface InvitationValues {
  language: string | null | undefined;
  to: string;
  /** The invited user's full name. */
  name: string;
  userName: string;
  /** Who sent the invitation (full name). */
  inviter: string;
  link: string;
  expiresAt: Date;
  hours: number;
}

/** The invitation of POST user/register-by-email (and its resend), in the invited user's language. */
export function invitationMail(v: InvitationValues): MailMessage {
  const lang = emailLanguage(v.language);
  const t = EMAIL_TEXTS[lang];
  const values = {
    product: t.product,
    name: v.name,
    userName: v.userName,
    inviter: v.inviter,
    hours: v.hours,
    expiresAt: formatDateTime(v.expiresAt, lang),
  };
  const i = (key: keyof EmailTexts["invitation"]) => interpolate(t.invitation[key], values);
  const text = [
    i("greeting"),
    "",
    i("intro"),
    i("userName"),
    "",
    i("action"),
    v.link,
    "",
    i("expiry"),
    i("expired"),
    i("ignore"),
    "",
    "-- ",
    t.product,
    t.automatic,
    "",
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 12px">${esc(s)}</p>`;
  const html = `<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${esc(i("subject"))}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;background:#f1f5f9;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-weight:600;color:#047857">${esc(t.product)}</p>
${p(i("greeting"))}${p(i("intro"))}${p(i("userName"))}${p(i("action"))}
<p style="margin:20px 0"><a href="${esc(v.link)}" style="display:inline-block;background:#047857;color:#fff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:600">${esc(i("button"))}</a></p>
<p style="margin:0 0 12px;font-size:13px;word-break:break-all"><a href="${esc(v.link)}" style="color:#047857">${esc(v.link)}</a></p>
${p(i("expiry"))}${p(i("expired"))}${p(i("ignore"))}
<p style="margin:20px 0 0;font-size:12px;color:#64748b">${esc(t.automatic)}</p>
</div></body></html>`;
  return { to: v.to, subject: i("subject"), text, html };
}
