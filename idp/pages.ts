import cs from "../locales/cs/idp.json" with { type: "json" };
import sk from "../locales/sk/idp.json" with { type: "json" };
import en from "../locales/en/idp.json" with { type: "json" };

type Texts = typeof cs;
const TEXTS: Record<string, Texts> = { cs, sk, en };

export function pickLanguage(uiLocales: string | undefined, acceptLanguage: string | undefined): string {
  const wanted = [
    ...(uiLocales ?? "").split(" "),
    ...(acceptLanguage ?? "").split(",").map((p) => p.split(";")[0]!.trim()),
  ];
  for (const w of wanted) {
    const base = w.toLowerCase().slice(0, 2);
    if (TEXTS[base]) return base;
  }
  return "cs";
}

export function texts(lang: string): Texts {
  return TEXTS[lang] ?? cs;
}

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The Content-Security-Policy of the provider's pages: their own inline style and icon, forms to the provider and on
 * to the product, no script but the one given a nonce (the logout page's automatic submit), never framed.
 */
export function pageSecurityPolicy(productOrigin: string, scriptNonce?: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    `script-src ${scriptNonce ? `'nonce-${scriptNonce}'` : "'none'"}`,
    `form-action 'self' ${productOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** The provider's pages share the product's look (green primary, white card on a light page). */
function layout(lang: string, title: string, body: string): string {
  const t = texts(lang);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${esc(title)} · ${esc(t.product)}</title>
<style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
main{width:100%;max-width:380px;margin:24px;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;
box-shadow:0 1px 3px rgba(15,23,42,.08)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:20px;font-weight:600;color:#047857}
h1{font-size:1.25rem;margin:0 0 4px}p{margin:0 0 16px;color:#475569;font-size:.9rem}
label{display:block;font-size:.85rem;font-weight:600;margin:14px 0 4px}
input{width:100%;padding:9px 11px;border:1px solid #cbd5e1;border-radius:8px;font-size:.95rem}
input:focus,button:focus{outline:2px solid #059669;outline-offset:2px}
button{width:100%;margin-top:20px;padding:10px;border:0;border-radius:8px;background:#047857;color:#fff;
font-weight:600;font-size:.95rem;cursor:pointer}button:hover{background:#065f46}
button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1;margin-top:10px}
.error{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;padding:10px 12px;border-radius:8px;font-size:.9rem;margin-bottom:8px}
.rules{margin-top:8px}.rules p{margin:0 0 4px;font-size:.8rem}.rules ul{margin:0;padding-left:18px;font-size:.8rem;color:#475569}
.rules li.missed{color:#991b1b;font-weight:600}
a{color:#047857}
</style>
</head>
<body><main>
<div class="brand"><svg width="28" height="28" viewBox="0 0 24 24" fill="none" aria-hidden="true"><path d="M4 7h16M9 7V4h6v3m-9 0 1 13h10l1-13" stroke="#047857" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>${esc(t.product)}</div>
${body}
</main></body></html>`;
}

export function loginPage(opts: { lang: string; action: string; userName?: string; error?: string }): string {
  const t = texts(opts.lang);
  const error = opts.error ? `<div class="error" role="alert" id="login-error">${esc(opts.error)}</div>` : "";
  return layout(
    opts.lang,
    t.title,
    `<h1>${esc(t.title)}</h1><p>${esc(t.subtitle)}</p>${error}
<form method="post" action="${esc(opts.action)}" autocomplete="on">
<label for="username">${esc(t.userName)}</label>
<input id="username" name="username" autocomplete="username" required autofocus value="${esc(opts.userName ?? "")}"${opts.error ? ' aria-describedby="login-error"' : ""}>
<label for="password">${esc(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${esc(t.submit)}</button>
</form>`,
  );
}

export function logoutPage(lang: string, form: string): string {
  const t = texts(lang);
  return layout(
    lang,
    t.logoutTitle,
    `<h1>${esc(t.logoutTitle)}</h1><p>${esc(t.logoutQuestion)}</p>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${esc(t.logoutYes)}</button>
<button class="secondary" type="submit" form="op.logoutForm">${esc(t.logoutNo)}</button>`,
  );
}

export function messagePage(lang: string, title: string, text: string, link?: string, linkText?: string): string {
  const t = texts(lang);
  return layout(
    lang,
    title,
    `<h1>${esc(title)}</h1><p>${esc(text)}</p>${link ? `<p><a href="${esc(link)}">${esc(linkText ?? t.backToApp)}</a></p>` : ""}`,
  );
}

/** {{name}} placeholders of the translation files. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

export type PasswordRuleKey = keyof Texts["passwordRules"];

/**
 * The set-password page of an invitation link (POST user/register-by-email): the new password twice, with the
 * strong rule of spec 001 §5 listed under the field; `unmet` marks the rules a submitted password missed.
 */
export function setPasswordPage(opts: {
  lang: string;
  action: string;
  token: string;
  userName: string;
  minLength: number;
  error?: string;
  unmet?: PasswordRuleKey[];
}): string {
  const t = texts(opts.lang);
  const error = opts.error ? `<div class="error" role="alert" id="password-error">${esc(opts.error)}</div>` : "";
  const rules = (Object.keys(t.passwordRules) as PasswordRuleKey[])
    .map((k) => {
      const missed = opts.unmet?.includes(k);
      return `<li${missed ? ' class="missed"' : ""}>${esc(fill(t.passwordRules[k], { min: opts.minLength }))}</li>`;
    })
    .join("");
  return layout(
    opts.lang,
    t.setPasswordTitle,
    `<h1>${esc(t.setPasswordTitle)}</h1><p>${esc(fill(t.setPasswordIntro, { userName: opts.userName }))}</p>${error}
<form method="post" action="${esc(opts.action)}" autocomplete="off">
<input type="hidden" name="token" value="${esc(opts.token)}">
<input type="text" name="username" autocomplete="username" value="${esc(opts.userName)}" hidden readonly>
<label for="password">${esc(t.newPassword)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="password-rules${opts.error ? " password-error" : ""}">
<div id="password-rules" class="rules"><p>${esc(t.passwordRulesTitle)}</p><ul>${rules}</ul></div>
<label for="confirm">${esc(t.confirmPassword)}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${esc(t.setPasswordSubmit)}</button>
</form>`,
  );
}
