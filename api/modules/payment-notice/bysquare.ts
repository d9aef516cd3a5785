/**
 * Slovak 'PAY by square' (Slovak Banking Association, version 1.0.0) for EUR municipalities: the payment's fields
 * tab-separated, prefixed with their CRC32 (4 bytes, little endian), compressed with raw LZMA1 (lc=3, lp=0, pb=2;
 * the 13-byte .lzma header left out), behind a 2-byte header (by square type, version, document type, reserved:
 * four nibbles, all 0 for a payment order of 1.0.0) and the uncompressed length (2 bytes, little endian), the whole
 * written in base32hex without padding. Slovak banking apps read it from the QR code.
 */
import { compress, CRC32_TABLE, decompress } from "lzma1";

export interface BySquarePayment {
  iban: string;
  /** Exact decimal text. */
  amount: string;
  currency: "EUR" | "CZK";
  variableSymbol?: string | null;
  constantSymbol?: string | null;
  /** ISO date 'YYYY-MM-DD'. */
  dueDate?: string | null;
  note?: string | null;
  beneficiaryName?: string | null;
}

const BASE32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC32_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function base32hex(bytes: Uint8Array): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32HEX[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32HEX[(value << (5 - bits)) & 31];
  return out;
}

export function fromBase32hex(text: string): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const c of text) {
    const v = BASE32HEX.indexOf(c);
    if (v < 0) throw new Error(`not base32hex: ${c}`);
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
      value &= (1 << bits) - 1;
    }
  }
  return Uint8Array.from(out);
}

/** Banking apps read ASCII most reliably: accents are dropped from the texts (as the reference encoder does). */
const plain = (v: string | null | undefined) =>
  v
    ? v
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .replace(/[\t\n\r]/g, " ")
    : "";

/** '450.50' → '450.5' (the reference encoder writes the number). */
const amountText = (amount: string) => String(Number(amount));

/** The tab-separated fields of one payment order (the spec's data model, Table 15). */
export function bySquareFields(p: BySquarePayment): string[] {
  return [
    "", // invoice id
    "1", // payments
    "1", // payment order
    amountText(p.amount),
    p.currency,
    p.dueDate ? p.dueDate.replace(/-/g, "") : "",
    p.variableSymbol ?? "",
    p.constantSymbol ?? "",
    "", // specific symbol
    "", // originator's reference
    plain(p.note).slice(0, 140),
    "1", // bank accounts
    p.iban.replace(/\s/g, "").toUpperCase(),
    "", // BIC
    "0", // no standing order
    "0", // no direct debit
    plain(p.beneficiaryName).slice(0, 70),
    "", // beneficiary address lines
    "",
  ];
}

export function bySquarePayload(p: BySquarePayment): string {
  const text = new TextEncoder().encode(bySquareFields(p).join("\t"));
  const body = new Uint8Array(4 + text.length);
  new DataView(body.buffer).setUint32(0, crc32(text), true);
  body.set(text, 4);
  const lzma = compress(body);
  const out = new Uint8Array(4 + lzma.length - 13);
  out.set([0x00, 0x00], 0); // type 0 (pay), version 0 (1.0.0), document 0, reserved 0
  new DataView(out.buffer).setUint16(2, body.length, true);
  out.set(lzma.subarray(13), 4);
  return base32hex(out);
}

/**
 * Reads a payload back (the tests' check and a support tool): the header, the length, the LZMA stream given back
 * its header (properties 0x5D, a 128 KiB dictionary, the known size), the CRC and the fields.
 */
export function decodeBySquare(payload: string): { header: number[]; fields: string[]; crcOk: boolean } {
  const bytes = fromBase32hex(payload);
  const length = bytes[2]! | (bytes[3]! << 8);
  const lzma = new Uint8Array(13 + bytes.length - 4);
  const view = new DataView(lzma.buffer);
  lzma[0] = 0x5d;
  view.setUint32(1, 1 << 17, true);
  view.setUint32(5, length, true);
  view.setUint32(9, 0, true);
  lzma.set(bytes.subarray(4), 13);
  const body = decompress(lzma);
  const text = body.subarray(4);
  const crc = new DataView(body.buffer, body.byteOffset).getUint32(0, true);
  return {
    header: [bytes[0]! >> 4, bytes[0]! & 15, bytes[1]! >> 4, bytes[1]! & 15],
    fields: new TextDecoder().decode(text).split("\t"),
    crcOk: crc === crc32(text),
  };
}
