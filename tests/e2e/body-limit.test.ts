import http from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";

/**
 * Issue 11 security 6 (serving/body-limit.ts; the chunked count is unit-tested in tests/unit/serving.test.ts): an
 * oversized body is refused with 413 before anything reads it, and a page answers an anonymous post without reading
 * its body first.
 */
function post(
  path: string,
  opts: { headers: Record<string, string>; chunks: number; chunkBytes: number },
): Promise<{ status: number; body: string; sentBeforeAnswer: number }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer: { status: number; sentBeforeAnswer: number } | undefined;
    let body = "";
    const finish = () => answer && resolve({ ...answer, body });
    const req = http.request(url, { method: "POST", headers: opts.headers }, (res) => {
      answer = { status: res.statusCode ?? 0, sentBeforeAnswer: sent };
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        finish();
        req.destroy();
      });
    });
    // The server closes the connection after its answer: writing on is then refused, which is the point.
    req.on("error", (err) => (answer ? finish() : reject(err)));
    const chunk = Buffer.alloc(opts.chunkBytes, "a");
    let i = 0;
    const write = () => {
      while (!answer && i < opts.chunks && !req.destroyed) {
        i++;
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!answer && !req.destroyed) req.end();
    };
    write();
  });
}

const MB = 1024 * 1024;

describe("request body limits (issue 11 security 6)", () => {
  it("a declared 50 MB form post to a page is refused with 413 before its body is sent", async () => {
    const res = await post("/infrastructure/subjects?index", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(50 * MB) },
      chunks: 800,
      chunkBytes: 64 * 1024,
    });
    expect(res.status).toBe(413);
    expect(res.body).toContain("Požadavek je příliš velký (nejvýše 1 MB).");
    expect(res.sentBeforeAnswer).toBeLessThan(10 * MB);
  });

  it("a declared 2 MB JSON body to /v1 is refused with 413 and a JSON message", async () => {
    const res = await post("/v1/device", {
      headers: { "Content-Type": "application/json", "Content-Length": String(2 * MB) },
      chunks: 32,
      chunkBytes: 64 * 1024,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ Message: "Požadavek je příliš velký (nejvýše 1 MB)." });
  });

  it("an anonymous chunked post to a page is sent to sign in without its body being read", async () => {
    const res = await post("/infrastructure/subjects?index", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      chunks: 800,
      chunkBytes: 64 * 1024,
    });
    expect(res.status).toBe(302);
    expect(res.sentBeforeAnswer).toBeLessThan(10 * MB);
  });

  it("a body within the limit still reaches the page", async () => {
    const res = await fetch(`${baseUrl()}/logout`, {
      method: "POST",
      body: "x=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl() },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
  });
});
