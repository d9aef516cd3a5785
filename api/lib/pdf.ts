import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
// DejaVu Sans covers Czech and Slovak letters (pdfkit's built-in Helvetica does not); pdfkit embeds only the glyphs used.
const FONT_DIR = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
export const FONTS = {
  regular: path.join(FONT_DIR, "DejaVuSans.ttf"),
  bold: path.join(FONT_DIR, "DejaVuSans-Bold.ttf"),
};

/** A new A4 document with the product's fonts registered as 'Sans' and 'Sans-Bold' (Sans selected). */
export function createPdf(options: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: "A4", margin: 56, ...options });
  doc.registerFont("Sans", FONTS.regular);
  doc.registerFont("Sans-Bold", FONTS.bold);
  doc.font("Sans");
  return doc;
}

/** Ends the document and collects it into one buffer (documents here are a few pages). */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** The answer of a PDF download: inline or attachment, with a safe ASCII file name and the UTF-8 one. */
export function pdfResponse(
  body: Buffer,
  fileName: string,
  disposition: "inline" | "attachment" = "attachment",
): Response {
  const ascii =
    fileName
      .normalize("NFD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\]/g, "") || "document.pdf";
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
