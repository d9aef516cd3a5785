import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets the product must read back later (external-account passwords it will sign in with) are stored sealed
 * with AES-256-GCM (decision 0015): `enc:v1:<iv>.<tag>.<ciphertext>`, base64url parts. The key is derived from
 * ENCRYPTION_KEY (or the generated one kept by server.ts), so a copy of the table alone reveals nothing, and the
 * GCM tag refuses a value that was altered or sealed under another key.
 */
const PREFIX = "enc:v1:";

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text of a sealed value; throws when it was altered or sealed with another key. */
  open(sealed: string): string;
}

export const isSealed = (value: string) => value.startsWith(PREFIX);

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "obec-odpady", "secret-box v1", 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".")}`;
    },
    open(sealed) {
      if (!isSealed(sealed)) throw new Error("secret-box: not a sealed value");
      const [iv, tag, body] = sealed
        .slice(PREFIX.length)
        .split(".")
        .map((p) => Buffer.from(p, "base64url"));
      if (!iv || !tag || !body) throw new Error("secret-box: malformed sealed value");
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    },
  };
}
