import http from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./browser";

/**
 * Issue 11 security 6 (serving/body-limit.ts; the chunked count is unit-tested in tests/unit/serving.test.ts): an
 * oversized body is refused with 413 before anything reads it, and a page answers an anonymous post without reading
 * its body first.
 */
/**
 * Sends the headers and at most `firstBytes` of the body, then waits: the answer must come without the rest (a
 * server that read the body first would wait for ever). The request is then dropped.
 */
function post(path: string, headers: Record<string, string>, firstBytes = 0): Promise<{ status: number; body: string }> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    let status = 0;
    let body = "";
    const req = http.request(url, { method: "POST", headers }, (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        resolve({ status, body });
        req.destroy();
      });
    });
    // The server closes the connection after a 413: a write after that is refused, which is the point.
    req.on("error", (err) => (status ? undefined : reject(err)));
    req.flushHeaders();
    if (firstBytes) req.write(Buffer.alloc(firstBytes, "a"));
  });
}

const MB = 1024 * 1024;

describe("request body limits (issue 11 security 6)", () => {
  it("a declared 50 MB form post to a page is refused with 413 without its body being sent", async () => {
    const res = await post("/infrastructure/subjects?index", {
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": String(50 * MB),
    });
    expect(res.status).toBe(413);
    expect(res.body).toContain("Požadavek je příliš velký (nejvýše 1 MB).");
  });

  it("a declared 2 MB JSON body to /v1 is refused with 413 and a JSON message", async () => {
    const res = await post("/v1/device", { "Content-Type": "application/json", "Content-Length": String(2 * MB) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ Message: "Požadavek je příliš velký (nejvýše 1 MB)." });
  });

  it("an anonymous chunked post to a page is sent to sign in without its body being read", async () => {
    const res = await post(
      "/infrastructure/subjects?index",
      { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      64 * 1024,
    );
    expect(res.status).toBe(302);
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
