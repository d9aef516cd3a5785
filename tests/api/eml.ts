import fs from "node:fs";

/**
 * A small RFC 822 / MIME reader for the tests: enough to read what nodemailer writes to the outbox (headers
 * with RFC 2047 encoded words, multipart/alternative, quoted-printable and base64 parts).
 */
export interface ParsedMail {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files (base64 parts with a file name), e.g. a yard visit's protocol. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  const joined = value.replace(/(\?=)\s+(=\?)/g, "$1$2");
  return joined.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, "");
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

type Collected = Pick<ParsedMail, "text" | "html" | "attachments">;

function collect(raw: string, out: Collected) {
  const { headers, body } = splitHead(raw);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      collect(part.replace(/^\r?\n/, ""), out);
    }
    return;
  }
  const enc = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const filename = /filename="?([^";]+)"?/i.exec(headers["content-disposition"] ?? "")?.[1];
  if (filename && enc === "base64") {
    out.attachments.push({ filename, contentType: type.split(";")[0]!, content: Buffer.from(body, "base64") });
    return;
  }
  const content =
    enc === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : enc === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  if (/^text\/html/i.test(type)) out.html += content;
  else if (/^text\/plain/i.test(type)) out.text += content;
}

export function parseEml(raw: string): ParsedMail {
  const { headers } = splitHead(raw);
  const out: Collected = { text: "", html: "", attachments: [] };
  collect(raw, out);
  const decoded = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeWords(v)]));
  return {
    headers: decoded,
    from: decoded.from ?? "",
    to: decoded.to ?? "",
    subject: decoded.subject ?? "",
    text: out.text.replace(/\r\n/g, "\n"),
    html: out.html.replace(/\r\n/g, "\n"),
    attachments: out.attachments,
  };
}

export const readEml = (file: string) => parseEml(fs.readFileSync(file, "utf8"));

/** The set-password link of an invitation (text part). */
export function invitationLink(mail: ParsedMail): URL {
  const m = /(https?:\/\/\S+\/set-password\?token=\S+)/.exec(mail.text);
  if (!m) throw new Error(`no set-password link in:\n${mail.text}`);
  return new URL(m[1]!);
}
