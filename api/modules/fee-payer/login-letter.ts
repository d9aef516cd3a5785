/**
 * Spec 001 §2 fee payers 'generate login (by e-mail or PDF)': the PDF letter with the citizen's credentials,
 * printed by the municipality and handed over or posted to the payer.
 */
import { randomInt } from "node:crypto";
import { createPdf, pdfBuffer } from "../../lib/pdf";
import { formatDate } from "#contract/calendar";
import { isStrongPassword } from "#contract/password";

// Printed on paper and typed by hand: no look-alikes (0/O, 1/l/I) and only specials easy to read and type.
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER = "abcdefghijkmnpqrstuvwxyz";
const DIGITS = "23456789";
const SPECIAL = "!#%+=?@";
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

const pick = (chars: string) => chars[randomInt(chars.length)]!;

/**
 * A random password of 12 characters that meets the strong rule of spec 001 §5 (contract/password.ts): one of
 * each required kind, the rest from all of them, shuffled (crypto-random throughout).
 */
export function generatePassword(length = 12): string {
  for (;;) {
    const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
    while (chars.length < length) chars.push(pick(ALL));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join("");
    if (isStrongPassword(password)) return password;
  }
}

export interface LoginLetter {
  municipalityName: string;
  payerName: string;
  /** Address lines under the name (street, zip and city); may be empty. */
  addressLines: string[];
  userName: string;
  password: string;
  /** Where the citizen signs in (the product's public address). */
  signInUrl: string;
  date?: Date;
}

/** The A4 letter in Czech: sender, recipient, the sign-in address, user name and password, what to do next. */
export async function loginLetterPdf(letter: LoginLetter): Promise<Buffer> {
  const doc = createPdf({
    info: { Title: `Přihlašovací údaje – ${letter.payerName}`, Author: letter.municipalityName },
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font("Sans-Bold").fontSize(16).text(letter.municipalityName);
  doc
    .font("Sans")
    .fontSize(10)
    .fillColor("#475569")
    .text(formatDate(letter.date ?? new Date(), "cs"), { align: "right" });
  doc.fillColor("black").moveDown(2);

  // The recipient's block, where a window envelope shows it.
  doc
    .fontSize(11)
    .font("Sans-Bold")
    .text(letter.payerName, { indent: width / 2 });
  doc.font("Sans");
  for (const line of letter.addressLines) doc.text(line, { indent: width / 2 });
  doc.moveDown(3);

  doc.font("Sans-Bold").fontSize(14).text("Přihlašovací údaje");
  doc.moveDown(0.8);
  doc
    .font("Sans")
    .fontSize(11)
    .text("Dobrý den,")
    .moveDown(0.5)
    .text(
      "byl vám zřízen přístup k údajům o vašem poplatku za odpady. Přihlásíte se na níže uvedené adrese " +
        "těmito údaji:",
    )
    .moveDown(1);

  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.font("Sans").fontSize(11).text(label, doc.page.margins.left, y, { width: 150 });
    // No ligatures: 'fi' in a user name must read and copy as two letters.
    doc
      .font("Sans-Bold")
      .fontSize(12)
      .text(value, doc.page.margins.left + 160, y, { width: width - 160, features: [] });
    doc.moveDown(0.6);
  };
  row("Adresa pro přihlášení:", letter.signInUrl);
  row("Uživatelské jméno:", letter.userName);
  row("Heslo:", letter.password);

  doc.x = doc.page.margins.left;
  doc
    .moveDown(1)
    .font("Sans")
    .fontSize(11)
    .text(
      "Po prvním přihlášení si prosím heslo změňte (Profil → Změnit heslo). Heslo nikomu nesdělujte; " +
        "tento dopis po změně hesla zničte.",
      { width },
    )
    .moveDown(0.5)
    .text("Rozlišujte velká a malá písmena. Pokud se nemůžete přihlásit, obraťte se na obecní úřad.", { width })
    .moveDown(2)
    .text(`S pozdravem\n${letter.municipalityName}`, { width });

  return pdfBuffer(doc);
}
