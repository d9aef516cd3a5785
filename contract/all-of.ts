/**
 * Awaits an object of promises at once and keeps their names: `{ a: p1, b: p2 }` → `{ a: v1, b: v2 }`. A loader
 * that reads many things in parallel names each once, instead of in a destructured array and again in its answer.
 */
export async function allOf<P extends Record<string, unknown>>(
  promises: P,
): Promise<{ [K in keyof P]: Awaited<P[K]> }> {
  const entries = await Promise.all(Object.entries(promises).map(async ([key, value]) => [key, await value] as const));
  return Object.fromEntries(entries) as { [K in keyof P]: Awaited<P[K]> };
}
