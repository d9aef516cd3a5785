/**
 * The bytes of a collection file as text (issue 13 'Windows-1250 and UTF-8 (with or without BOM) both read'), chunk
 * by chunk so that a file of any size is never held whole. Node's full ICU decodes Windows-1250 (TextDecoder).
 */
import { isAscii } from "node:buffer";
import type { CollectionEncoding } from "#contract/collection-import";

export const NOT_UTF8 = "Soubor není v kódování UTF-8.";

/** A failure of the file's encoding (a whole-file error: the job ends with this message). */
export class EncodingError extends Error {}

export interface ChunkDecoder {
  /** The text of the next chunk (a character cut between chunks comes out with the next one). */
  write(chunk: Uint8Array): string;
  /** The text still held at the end of the file. */
  end(): string;
  /** The encoding read ('auto' decides at the first byte that is not ASCII; null while all was ASCII). */
  readonly encoding: CollectionEncoding | null;
}

/**
 * A decoder of one file. UTF-8 is strict (a broken byte sequence is an EncodingError, never a silent U+FFFD) and
 * its BOM is dropped; Windows-1250 maps every byte. 'auto' (the Universal format) reads ASCII until the first other
 * byte, then decides with sniffEncoding on the rest of that chunk: ASCII reads the same in both, so a file whose
 * first kilobytes are plain ASCII is still told right.
 */
export function decoderFor(encoding: CollectionEncoding | "auto"): ChunkDecoder {
  let chosen: CollectionEncoding | null = encoding === "auto" ? null : encoding;
  let decoder: TextDecoder | null = chosen ? makeDecoder(chosen) : null;
  let first = true;
  let held = "";
  const decode = (chunk: Uint8Array, stream: boolean) => {
    if (!decoder) {
      if (isAscii(chunk) && stream) {
        if (chunk.length) first = false;
        return asciiDecoder.decode(chunk);
      }
      const high = firstHighByte(chunk);
      chosen = high < 0 ? "utf-8" : sniffEncoding(chunk.subarray(high), first && high === 0);
      decoder = makeDecoder(chosen);
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream });
    } catch {
      throw new EncodingError(NOT_UTF8);
    }
    if (first && text !== "") {
      // TextDecoder drops the UTF-8 BOM itself; the Windows-1250 reading of it ('ď»ż') is removed here, held back
      // while the start of the file could still be it.
      held += text;
      if (chosen === "windows-1250" && stream && held.length < WRONG_BOM.length && WRONG_BOM.startsWith(held))
        return "";
      first = false;
      text = held.startsWith(WRONG_BOM) ? held.slice(WRONG_BOM.length) : held;
    }
    return text;
  };
  return {
    write: (chunk) => decode(chunk, true),
    end: () => decode(new Uint8Array(0), false),
    get encoding() {
      return chosen;
    },
  };
}

/** A UTF-8 BOM read as Windows-1250 ('ď»ż'). */
const WRONG_BOM = new TextDecoder("windows-1250").decode(Uint8Array.of(0xef, 0xbb, 0xbf));

const makeDecoder = (encoding: CollectionEncoding) =>
  encoding === "utf-8" ? new TextDecoder("utf-8", { fatal: true }) : new TextDecoder("windows-1250");

/** ASCII reads the same in both encodings. */
const asciiDecoder = new TextDecoder("utf-8");

function firstHighByte(chunk: Uint8Array): number {
  for (let i = 0; i < chunk.length; i++) if (chunk[i]! >= 0x80) return i;
  return -1;
}

/**
 * The encoding of a file from its first bytes (the Universal format accepts both): a UTF-8 BOM or valid UTF-8 (a
 * character cut at the end of the head allowed) → utf-8, otherwise windows-1250. Pure ASCII reads the same either
 * way (utf-8). `atStart`: whether head is the start of the file (only there a BOM counts).
 */
export function sniffEncoding(head: Uint8Array, atStart = true): CollectionEncoding {
  if (atStart && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return "utf-8";
  } catch {
    return "windows-1250";
  }
}
