/**
 * A form's optional fields as nullable columns: a field the form leaves out (undefined) is stored as null.
 * The same as writing `name: form.name ?? null` for each key, in the keys' order.
 */
export function orNull<T extends object, const K extends keyof T>(
  form: T,
  keys: readonly K[],
): { [P in K]-?: Exclude<T[P], undefined> | null } {
  const out: Partial<Record<K, unknown>> = {};
  for (const key of keys) out[key] = form[key] ?? null;
  return out as { [P in K]-?: Exclude<T[P], undefined> | null };
}
