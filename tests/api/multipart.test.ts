/**
 * The streaming multipart reader of uploads (api/lib/multipart.ts on @fastify/busboy, docs/decisions/0026) and what
 * the CSV import answers for a malformed multipart body (issue 12): a body that is not multipart with the announced
 * boundary, is cut off, or has too many parts is a 422 with a message, never a 500, and creates no import job.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importJob } from "../../api/db/schema";
import { MultipartError, readMultipartFile } from "../../api/lib/multipart";
import { setupApiWithIds, type TestApi } from "./helpers";

const enc = (s: string) => new TextEncoder().encode(s);
const bodyOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(enc(chunk));
      c.close();
    },
  });
const part = (name: string, fileName?: string) =>
  `Content-Disposition: form-data; name="${name}"${fileName === undefined ? "" : `; filename="${fileName}"`}\r\n\r\n`;

async function textOf(chunks: AsyncIterable<Buffer>) {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all).toString("utf8");
}

describe("the multipart reader", () => {
  it("finds the file field after other parts, with a boundary split across chunks; null when there is none", async () => {
    const file = await readMultipartFile(
      bodyOf(
        `--XyZ\r\n${part("note")}text\r\n--XyZ\r\n${part("file", "karty-žluté.csv")}1;A;;\r\n2;B;;\r`,
        "\n--X",
        "yZ--\r\n",
      ),
      "XyZ",
      "file",
    );
    expect(file?.fileName).toBe("karty-žluté.csv");
    expect(await textOf(file!.chunks)).toBe("1;A;;\r\n2;B;;");
    // A field of that name that is not a file does not count.
    expect(await readMultipartFile(bodyOf(`--XyZ\r\n${part("file")}1;A;;\r\n--XyZ--\r\n`), "XyZ", "file")).toBeNull();
    expect(await readMultipartFile(bodyOf("--XyZ--\r\n"), "XyZ", "file")).toBeNull();
  });

  it("refuses a wrong boundary, a body cut off (before or inside the file), too many parts and a broken stream", async () => {
    const refused = (body: ReadableStream<Uint8Array>) => readMultipartFile(body, "XyZ", "file");
    await expect(refused(bodyOf(`--Other\r\n${part("file", "k.csv")}1;A;;\r\n--Other--\r\n`))).rejects.toThrow(
      MultipartError,
    );
    await expect(refused(bodyOf("--XyZ\r\nContent-Disp"))).rejects.toThrow(MultipartError);
    const many = Array.from({ length: 150 }, (_, i) => `--XyZ\r\n${part(`f${i}`)}v\r\n`);
    await expect(refused(bodyOf(...many, "--XyZ--\r\n"))).rejects.toThrow(MultipartError);

    // Cut off inside the file: found, and then its bytes end in an error rather than short.
    const cut = await refused(bodyOf(`--XyZ\r\n${part("file", "k.csv")}1;CUT-1;;\r\n2;CUT`));
    await expect(textOf(cut!.chunks)).rejects.toThrow(MultipartError);

    let pulls = 0;
    const breaking = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulls++ === 0) c.enqueue(enc(`--XyZ\r\n${part("file", "k.csv")}1;A;;\r\n`));
        else c.error(new Error("connection reset"));
      },
    });
    // The stream may break before or after the file's headers were read: either way a MultipartError.
    await expect(refused(breaking).then((f) => textOf(f!.chunks))).rejects.toThrow(MultipartError);
  });

  it("streams a 50 MB file with flat memory: the body is read only as fast as the file is", async () => {
    const size = 50 * 1024 * 1024;
    const chunk = 64 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc(`--XyZ\r\n${part("file", "big.csv")}`));
      },
      pull(c) {
        if (sent < size) {
          c.enqueue(new Uint8Array(chunk).fill(0x61));
          sent += chunk;
        } else {
          c.enqueue(enc("\r\n--XyZ--\r\n"));
          c.close();
        }
      },
    });
    const file = await readMultipartFile(body, "XyZ", "file");
    let read = 0;
    let mostAhead = 0;
    for await (const bytes of file!.chunks) {
      read += bytes.length;
      mostAhead = Math.max(mostAhead, sent - read);
      // A slow reader now and then (the import writes batches to the database).
      if (read % (4 * 1024 * 1024) < bytes.length) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(read).toBe(size);
    expect(mostAhead).toBeLessThan(1024 * 1024);
  });
});

describe("a malformed multipart upload is 422 with a message (issue 12)", () => {
  let t: TestApi;
  let A: number;
  beforeAll(async () => ({ t, A } = await setupApiWithIds()));
  afterAll(() => t?.close());

  const post = (body: string, contentType = "multipart/form-data; boundary=XyZ") =>
    t.call("POST", `/municipality/${A}/waste-card/import`, {
      as: "manager",
      headers: { "Content-Type": contentType },
      body,
    });

  it("a wrong boundary, none, a body cut off in the headers or in the file, too many parts, not multipart at all", async () => {
    const jobsBefore = await t.db.select({ id: importJob.id }).from(importJob);
    const file = `${part("file", "k.csv")}1;M-1;;\r\n`;
    const cases: [string, string, string?][] = [
      [`--Other\r\n${file}--Other--\r\n`, "Vyberte soubor CSV."],
      [`--XyZ\r\n${file}--XyZ--\r\n`, "Vyberte soubor CSV.", "multipart/form-data"],
      ["--XyZ\r\nContent-Disposition: form-da", "Vyberte soubor CSV."],
      [`--XyZ\r\n${file}2;M-2`, "Nahrávání souboru bylo přerušeno."],
      [
        Array.from({ length: 150 }, (_, i) => `--XyZ\r\n${part(`f${i}`)}v\r\n`).join("") +
          `--XyZ\r\n${file}--XyZ--\r\n`,
        "Vyberte soubor CSV.",
      ],
      ["plainCode;code\r\n1;M-1\r\n", "Vyberte soubor CSV."],
    ];
    for (const [body, message, contentType] of cases) {
      const res = await post(body, contentType);
      expect(res.status, body.slice(0, 40)).toBe(422);
      expect(res.body).toEqual({ Message: message, errors: { file: [message] } });
    }
    expect(await t.db.select({ id: importJob.id }).from(importJob)).toEqual(jobsBefore);
  });
});
