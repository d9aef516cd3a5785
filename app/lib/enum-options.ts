/**
 * Options of a select over an enum's values, each labelled by its translation: `enumOptions(t, "device:type",
 * DEVICE_TYPES)` gives `{ value, label: t("device:type.<value>", value) }` for each value (the value itself where a
 * translation is missing).
 */
export type EnumLabelKey = string | ((value: string) => string);

export function enumOptions(
  t: (key: string, fallback: string) => string,
  labels: EnumLabelKey,
  values: readonly string[],
): { value: string; label: string }[] {
  const key = typeof labels === "string" ? (v: string) => `${labels}.${v}` : labels;
  return values.map((v) => ({ value: v, label: t(key(v), v) }));
}
