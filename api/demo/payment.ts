/**
 * Demo payment settings of Třebíč (issue 14 part 6), so the demo's Fees screen issues payment notices at once: an
 * account (the Czech National Bank's example number, not a real municipal account), fees due on 31 May, a constant
 * symbol and the notice's text. Written through the service, as a manager's form would.
 */
import type { Db } from "../db/client";
import { savePaymentSettings } from "../modules/payment-notice/settings";

export async function seedDemoPaymentSettings(tx: Db, municipalityId: number): Promise<void> {
  await savePaymentSettings(tx, municipalityId, {
    account: "19-2000145399/0800",
    dueDay: 31,
    dueMonth: 5,
    constantSymbol: "1148",
    noticeText:
      "Poplatek můžete zaplatit převodem, QR kódem v bankovní aplikaci nebo v pokladně Městského úřadu Třebíč, " +
      "Karlovo náměstí 104/55. Dotazy: odbor životního prostředí, tel. 568 896 111.",
    version: 0,
  });
}
