/**
 * A payment notice issued after its due date (a late notice, a reminder) says the period has run out, and its QR
 * code carries no due date: a bank would date the payment in the past or refuse it (api/modules/payment-notice/pdf.ts).
 */
import { describe, expect, it } from "vitest";
import { noticeDue, paymentCode, type NoticeContext } from "../../api/modules/payment-notice/pdf";
import type { NoticePayer } from "../../api/modules/payment-notice/data";

const context = (issuedOn: string): NoticeContext => ({
  municipality: { name: "Třebíč", addressLines: [], currency: "CZK", language: "cs" },
  settings: {
    id: 1,
    version: 0,
    account: "19-2000145399/0800",
    iban: "CZ6508000000192000145399",
    dueDay: 31,
    dueMonth: 5,
    constantSymbol: null,
    noticeText: null,
  },
  year: 2026,
  issuedOn: new Date(issuedOn),
});

const payer: NoticePayer = {
  feePayerId: 1,
  name: "Jan Dvořák",
  addressLines: [],
  email: null,
  variableSymbol: "7001",
  lines: [],
  total: "900.00",
  due: "900.00",
};

describe("a payment notice's due date", () => {
  it("is plain until the end of the due day in Prague, with the date in the QR code", () => {
    // 31 May 23:30 in Prague (summer time, UTC+2).
    const ctx = context("2026-05-31T21:30:00Z");
    expect(noticeDue(ctx)).toEqual({ date: "2026-05-31", passed: false, text: "31. 5. 2026" });
    expect(paymentCode(payer, ctx)).toContain("*DT:20260531");
  });

  it("says the period has run out once the day is over, and the QR code has no date", () => {
    // 1 June 00:30 in Prague.
    const ctx = context("2026-05-31T22:30:00Z");
    expect(noticeDue(ctx)).toEqual({
      date: "2026-05-31",
      passed: true,
      text: "31. 5. 2026 (lhůta již uplynula, uhraďte prosím bez odkladu)",
    });
    expect(paymentCode(payer, ctx)).not.toContain("DT:");
    expect(paymentCode(payer, ctx)).toContain("*AM:900.00*");
  });
});
