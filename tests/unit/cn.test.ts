import { describe, expect, it } from "vitest";
import { cn } from "~/components/ui/cn";

/** The class joiner every component uses: a later class of the same kind wins; remembered answers stay right. */
describe("cn", () => {
  it("keeps the last class of each kind and variant, and every class of no kind", () => {
    expect(cn("w-full px-3 text-sm", "w-56 text-lg")).toBe("px-3 w-56 text-lg");
    expect(cn("hover:bg-slate-50 bg-white", false, null, undefined, "hover:bg-emerald-50")).toBe(
      "bg-white hover:bg-emerald-50",
    );
    expect(cn("rounded border border-slate-300", "border-red-500 focus:ring")).toBe(
      "rounded border border-red-500 focus:ring",
    );
  });

  it("answers the same when asked again, and differently for a different list", () => {
    const first = cn("block p-2", "hidden");
    expect(cn("block p-2", "hidden")).toBe(first);
    expect(first).toBe("p-2 hidden");
    expect(cn("block p-2")).toBe("block p-2");
    // Many distinct inputs (past the memo's bound) are still merged, not served from a stale entry.
    for (let i = 0; i < 6000; i++) expect(cn(`w-${i}`, "w-full")).toBe("w-full");
    expect(cn("block p-2", "hidden")).toBe("p-2 hidden");
  });
});
