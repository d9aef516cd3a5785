import { describe, expect, it } from "vitest";
import { createSecretBox, isSealed } from "../../api/lib/secret-box";

describe("secret box (decision 0015)", () => {
  const box = createSecretBox("a test key of enough length");

  it("seals to a tagged value that hides the text and opens back to it", () => {
    const sealed = box.seal("Heslo.k.portálu 1");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("Heslo");
    expect(box.open(sealed)).toBe("Heslo.k.portálu 1");
    // A fresh IV each time: equal passwords are not recognisable in the table.
    expect(box.seal("Heslo.k.portálu 1")).not.toBe(sealed);
  });

  it("refuses a value sealed with another key or altered", () => {
    const sealed = box.seal("tajne");
    expect(() => createSecretBox("another key entirely!!").open(sealed)).toThrow();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[2]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(() => box.open([parts[0], parts[1], body.toString("base64url")].join("."))).toThrow();
    expect(() => box.open("tajne")).toThrow();
  });
});
