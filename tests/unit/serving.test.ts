import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponse, negotiateEncoding } from "../../serving/compress";
import { createStaticFiles, IMMUTABLE, REVALIDATE } from "../../serving/static";
import { BODY_LIMIT, bodyLimitFor, limitBody, UPLOAD_LIMIT } from "../../serving/body-limit";
import { forwardedRequest } from "../../serving/forwarded";

/** Issue 11 'Weight': what leaves the server compressed, and how built files are cached (decision 0018). */
const big = "<p>Svozová místa a plátci poplatku</p>\n".repeat(200);

describe("negotiateEncoding", () => {
  it("prefers brotli, falls back to gzip, honours q=0 and *", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip;q=0.8, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding(null)).toBeNull();
  });
});

describe("compressResponse", () => {
  it("compresses a page with brotli and it decodes to the same text", async () => {
    const res = compressResponse(new Response(big, { headers: { "Content-Type": "text/html; charset=utf-8" } }), "gzip, br");
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toContain("Accept-Encoding");
    expect(res.headers.get("Content-Length")).toBeNull();
    const packed = Buffer.from(await res.arrayBuffer());
    expect(packed.length).toBeLessThan(big.length / 10);
    expect(zlib.brotliDecompressSync(packed).toString()).toBe(big);
  });

  it("streams a page: what React wrote in one go reaches the browser as one flushed piece before the page ends", async () => {
    let later!: ReadableStreamDefaultController<Uint8Array>;
    const shell = Array.from({ length: 40 }, (_, i) => `<div>řádek ${i}</div>`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of shell) controller.enqueue(new TextEncoder().encode(part));
        later = controller;
      },
    });
    const res = compressResponse(new Response(body, { headers: { "Content-Type": "text/html" } }), "br");
    const reader = res.body!.getReader();
    const inflate = zlib.createBrotliDecompress();
    let text = "";
    inflate.on("data", (d: Buffer) => (text += d.toString()));
    // The shell decodes completely from what was sent while the page is still open; one piece, not forty.
    const first = await reader.read();
    inflate.write(first.value);
    await new Promise((r) => setTimeout(r, 20));
    expect(text).toBe(shell.join(""));
    later.enqueue(new TextEncoder().encode("<p>konec</p>"));
    later.close();
    for (let r = await reader.read(); !r.done; r = await reader.read()) inflate.write(r.value);
    await new Promise((r) => inflate.end(r));
    expect(text).toBe(`${shell.join("")}<p>konec</p>`);
  });

  it("gzips JSON for a client without brotli and keeps status and cookies", async () => {
    const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Plátce ${i}` })) });
    const res = compressResponse(
      new Response(json, { status: 201, headers: { "Content-Type": "application/json", "Set-Cookie": "a=b" } }),
      "gzip",
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(res.headers.get("Set-Cookie")).toBe("a=b");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(json);
  });

  it("leaves alone what is not worth it: no Accept-Encoding, a PDF, a tiny body, an encoded body", async () => {
    expect(compressResponse(new Response(big, { headers: { "Content-Type": "text/html" } }), null).headers.get("Content-Encoding")).toBeNull();
    const pdf = new Response(big, { headers: { "Content-Type": "application/pdf" } });
    expect(compressResponse(pdf, "br")).toBe(pdf);
    const tiny = new Response("{}", { headers: { "Content-Type": "application/json", "Content-Length": "2" } });
    expect(compressResponse(tiny, "br")).toBe(tiny);
    const done = new Response(big, { headers: { "Content-Type": "text/css", "Content-Encoding": "gzip" } });
    expect(compressResponse(done, "br")).toBe(done);
  });
});

describe("static files", () => {
  let root: string;
  let serve: ReturnType<typeof createStaticFiles>;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "obec-static-"));
    fs.mkdirSync(path.join(root, "assets"));
    fs.writeFileSync(path.join(root, "assets/list-Ab12Cd34.js"), big);
    fs.writeFileSync(path.join(root, "assets/list-Ab12Cd34.js.br"), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
    serve = createStaticFiles(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const get = (p: string, headers: Record<string, string> = {}) => serve(new Request(`http://x${p}`, { headers }));

  it("serves a hashed asset as immutable, as its brotli twin when accepted", async () => {
    const res = get("/assets/list-Ab12Cd34.js", { "Accept-Encoding": "br" })!;
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Content-Type")).toContain("javascript");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(big);
    const plain = get("/assets/list-Ab12Cd34.js")!;
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.text()).toBe(big);
  });

  it("answers 304 to a matching ETag or a later If-Modified-Since, 200 otherwise", () => {
    const first = get("/favicon.svg")!;
    expect(first.headers.get("Cache-Control")).toBe(REVALIDATE);
    const etag = first.headers.get("ETag")!;
    expect(get("/favicon.svg", { "If-None-Match": etag })!.status).toBe(304);
    expect(get("/favicon.svg", { "If-None-Match": 'W/"other"' })!.status).toBe(200);
    const later = new Date(Date.now() + 3600_000).toUTCString();
    expect(get("/favicon.svg", { "If-Modified-Since": later })!.status).toBe(304);
    expect(get("/favicon.svg", { "If-Modified-Since": new Date(0).toUTCString() })!.status).toBe(200);
  });

  it("names nothing outside its folder and leaves unknown paths to the web part", () => {
    expect(get("/../package.json")).toBeNull();
    expect(get("/assets/%2e%2e/%2e%2e/package.json")).toBeNull();
    expect(get("/assets/x%00.js")).toBeNull();
    expect(get("/assets")).toBeNull();
    expect(get("/infrastructure/subjects")).toBeNull();
    expect(serve(new Request("http://x/favicon.svg", { method: "POST" }))).toBeNull();
  });
});

describe("limitBody (issue 11 security 6)", () => {
  const chunked = (bytes: number, path = "/infrastructure/subjects") =>
    new Request(`http://x${path}`, {
      method: "POST",
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < bytes; sent += 64 * 1024) controller.enqueue(new Uint8Array(Math.min(64 * 1024, bytes - sent)));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);

  it("refuses a declared length over the limit at once, as JSON for /v1", async () => {
    const page = limitBody(new Request("http://x/logout", { method: "POST", headers: { "Content-Length": String(BODY_LIMIT + 1) }, body: "x" }));
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(413);
    expect((page as Response).headers.get("Connection")).toBe("close");
    const api = limitBody(new Request("http://x/v1/device", { method: "POST", headers: { "Content-Length": String(BODY_LIMIT + 1) }, body: "x" }));
    await expect((api as Response).json()).resolves.toEqual({ Message: "Požadavek je příliš velký (nejvýše 1 MB)." });
  });

  it("stops a chunked body at the limit: the read fails and exceeded() tells why", async () => {
    const limited = limitBody(chunked(BODY_LIMIT + 200_000)) as Exclude<ReturnType<typeof limitBody>, Response>;
    await expect(limited.request.text()).rejects.toThrow();
    expect(limited.exceeded()).toBe(true);
    const fine = limitBody(chunked(BODY_LIMIT - 1)) as Exclude<ReturnType<typeof limitBody>, Response>;
    expect((await fine.request.arrayBuffer()).byteLength).toBe(BODY_LIMIT - 1);
    expect(fine.exceeded()).toBe(false);
  });

  it("gives the CSV import uploads their own larger limit", () => {
    expect(bodyLimitFor("/infrastructure/waste-cards/import")).toBe(UPLOAD_LIMIT);
    expect(bodyLimitFor("/v1/municipality/12/waste-card/import")).toBe(UPLOAD_LIMIT);
    expect(bodyLimitFor("/v1/municipality/12/waste-card")).toBe(BODY_LIMIT);
    expect(UPLOAD_LIMIT).toBeGreaterThan(50 * 1024 * 1024);
  });
});

describe("forwardedRequest (issue 11 security 1, TRUST_PROXY)", () => {
  const req = (headers: Record<string, string>, method = "GET") =>
    new Request("http://10.0.0.5:3000/infrastructure/subjects?page=2", { method, headers, ...(method === "POST" ? { body: "a=1" } : {}) });

  it("takes the scheme and host the outermost proxy wrote, keeping path, method and body", async () => {
    const out = forwardedRequest(req({ "X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "odpady.trebic.cz, internal" }, "POST"));
    expect(out.url).toBe("https://odpady.trebic.cz/infrastructure/subjects?page=2");
    expect(out.method).toBe("POST");
    await expect(out.text()).resolves.toBe("a=1");
  });

  it("ignores values that are no scheme or host, and leaves a request without the headers as it is", () => {
    expect(forwardedRequest(req({ "X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "evil.example/path" })).url).toBe(
      "http://10.0.0.5:3000/infrastructure/subjects?page=2",
    );
    const plain = req({});
    expect(forwardedRequest(plain)).toBe(plain);
  });
});
