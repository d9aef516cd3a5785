/**
 * The printed and mailed texts of a payment notice. A notice goes to citizens in the municipality's language (Czech,
 * Slovak for a Slovak municipality), whatever the clerk's interface language; the screens' texts are in locales/.
 */
export const noticeTexts = {
  cs: {
    title: (year: number) => `Platební výměr – poplatek za odpady ${year}`,
    issued: "Datum vystavení",
    intro: (year: number) =>
      `vyměřujeme vám místní poplatek za obecní systém odpadového hospodářství za rok ${year} takto:`,
    greeting: "Vážená paní, vážený pane,",
    point: "Odběrné místo",
    base: "Základ",
    surcharge: "Příplatek",
    discount: "Slevy",
    fee: "Poplatek",
    paid: "uhrazeno",
    noPoint: "bez odběrného místa",
    total: "Poplatek celkem",
    due: "K úhradě",
    paidAll: "Poplatek za tento rok je uhrazen. Děkujeme.",
    payment: "Platební údaje",
    account: "Číslo účtu",
    iban: "IBAN",
    vs: "Variabilní symbol",
    ks: "Konstantní symbol",
    dueDate: "Splatnost",
    overdue: "lhůta již uplynula, uhraďte prosím bez odkladu",
    amount: "Částka",
    qrCaption: "QR Platba",
    message: (year: number) => `Poplatek za odpady ${year}`,
    mailSubject: (year: number, municipality: string) =>
      `Platební výměr – poplatek za odpady ${year} – ${municipality}`,
    mailBody: (name: string, year: number, due: string, dueDate: string, municipality: string) =>
      `Dobrý den,\n\nv příloze vám posíláme platební výměr místního poplatku za odpady za rok ${year} pro plátce ${name}.\n` +
      `K úhradě: ${due}, splatnost ${dueDate}. Platební údaje a QR kód pro platbu najdete ve výměru.\n\n` +
      `S pozdravem\n${municipality}`,
    fileName: (year: number, vs: string) => `platebni-vymer-${year}-${vs}.pdf`,
  },
  sk: {
    title: (year: number) => `Platobný výmer – poplatok za odpad ${year}`,
    issued: "Dátum vystavenia",
    intro: (year: number) => `vyrubujeme vám miestny poplatok za komunálne odpady za rok ${year} takto:`,
    greeting: "Vážená pani, vážený pán,",
    point: "Odberné miesto",
    base: "Základ",
    surcharge: "Príplatok",
    discount: "Zľavy",
    fee: "Poplatok",
    paid: "uhradené",
    noPoint: "bez odberného miesta",
    total: "Poplatok spolu",
    due: "Na úhradu",
    paidAll: "Poplatok za tento rok je uhradený. Ďakujeme.",
    payment: "Platobné údaje",
    account: "Číslo účtu",
    iban: "IBAN",
    vs: "Variabilný symbol",
    ks: "Konštantný symbol",
    dueDate: "Splatnosť",
    overdue: "lehota už uplynula, uhraďte prosím bez odkladu",
    amount: "Suma",
    qrCaption: "PAY by square",
    message: (year: number) => `Poplatok za odpad ${year}`,
    mailSubject: (year: number, municipality: string) => `Platobný výmer – poplatok za odpad ${year} – ${municipality}`,
    mailBody: (name: string, year: number, due: string, dueDate: string, municipality: string) =>
      `Dobrý deň,\n\nv prílohe vám posielame platobný výmer miestneho poplatku za odpad za rok ${year} pre platiteľa ${name}.\n` +
      `Na úhradu: ${due}, splatnosť ${dueDate}. Platobné údaje a QR kód na platbu nájdete vo výmere.\n\n` +
      `S pozdravom\n${municipality}`,
    fileName: (year: number, vs: string) => `platobny-vymer-${year}-${vs}.pdf`,
  },
};
