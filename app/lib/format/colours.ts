/** Colours (spec 000 §9: "Text colour is dark when luminance is above 125"). */

/** 0.299R + 0.587G + 0.114B × 1000, in integers so that the 125 boundary is exact (no float noise). */
function luminanceMilli(hex: string | null | undefined): number | null {
  const text = (hex ?? "").trim().replace(/^#/, "");
  let rgb: string;
  if (/^[0-9a-f]{3}$/i.test(text)) rgb = text.replace(/./g, (c) => c + c);
  else if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(text)) rgb = text.slice(0, 6);
  else return null;
  const r = parseInt(rgb.slice(0, 2), 16);
  const g = parseInt(rgb.slice(2, 4), 16);
  const b = parseInt(rgb.slice(4, 6), 16);
  return 299 * r + 587 * g + 114 * b;
}

/** Perceived luminance 0.299R + 0.587G + 0.114B (0–255) of '#rgb', '#rrggbb' or '#rrggbbaa' ('#' optional). */
export function luminance(hex: string | null | undefined): number | null {
  const milli = luminanceMilli(hex);
  return milli === null ? null : milli / 1000;
}

/** Threshold of spec 000 §9: text is dark on a background whose luminance is above 125. */
const DARK_TEXT_LUMINANCE = 125;

/**
 * Text colour on a background: 'dark' when the luminance is above 125 (strictly), otherwise 'light'.
 * An unreadable colour gives 'dark' (the page background is light).
 */
export function textColorFor(backgroundHex: string | null | undefined): "dark" | "light" {
  const milli = luminanceMilli(backgroundHex);
  if (milli === null) return "dark";
  return milli > DARK_TEXT_LUMINANCE * 1000 ? "dark" : "light";
}
