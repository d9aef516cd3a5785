/**
 * Issue 11 security 11: a read-only, full or misconfigured DATA_DIR stops the start with a message that names the
 * directory and says what to do (not 'ENOTDIR: not a directory, mkdir …/pglite'). The tests run as root, where
 * chmod does not stop writes, so they use what stops root too: a path under a regular file, and sysfs (/sys),
 * which nobody may write files into.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { ensureWritableDir, openDatabase } from "../../api/db/client";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "obec-datadir-"));
const aFile = path.join(tmp, "soubor");
fs.writeFileSync(aFile, "not a directory");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Can this process create a file in /sys? (Never on Linux; the case is skipped elsewhere.) */
const sysWritable = (() => {
  try {
    fs.writeFileSync("/sys/.obec-probe", "x");
    fs.rmSync("/sys/.obec-probe");
    return true;
  } catch {
    return false;
  }
})();

describe("an unusable DATA_DIR (issue 11 security 11)", () => {
  it("a writable directory passes and keeps no trace of the check", () => {
    const dir = path.join(tmp, "data");
    ensureWritableDir(dir);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("a path under a regular file: the message names the directory, the reason and what to do", () => {
    const dir = path.join(aFile, "data");
    expect(() => ensureWritableDir(dir)).toThrow(
      /^Adresář .*soubor\/data \(DATA_DIR\) nelze použít pro zápis: v cestě je soubor, ne adresář \(ENOTDIR\)\.\nNastavte DATA_DIR/,
    );
  });

  it.skipIf(sysWritable)("an existing directory that refuses writes (sysfs, also for root)", () => {
    expect(() => ensureWritableDir("/sys")).toThrow(
      /^Adresář \/sys \(DATA_DIR\) nelze použít pro zápis: tento proces do něj nesmí zapisovat \((EACCES|EPERM)\)/,
    );
  });

  it("openDatabase (PGlite) checks its directory the same way", async () => {
    await expect(openDatabase({ dataDir: path.join(aFile, "data", "pglite") })).rejects.toThrow(
      /\(DATA_DIR, PGlite\) nelze použít pro zápis.*\(ENOTDIR\)/,
    );
  });

  it("the server exits with status 1 and that message, before it touches the database", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: path.join(aFile, "data"), DEMO_DATA: "false", PORT: "0", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `Adresář ${path.join(aFile, "data")} (DATA_DIR) nelze použít pro zápis: v cestě je soubor, ne adresář (ENOTDIR).`,
    );
    expect(run.stderr).toContain("Nastavte DATA_DIR na adresář");
    expect(run.stderr).not.toContain("mkdir");
  });
});
