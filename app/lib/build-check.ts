/**
 * Spec 000 §4 'Page version' and §9 'Build reload guard: 10 s per path': the page reloads when a newer build is
 * running or a page part fails to load, at most once per 10 seconds per path.
 */
export const RELOAD_GUARD_MS = 10_000;
export const POLL_INTERVAL_MS = 60_000;

export function reloadAllowed(storage: Pick<Storage, "getItem" | "setItem">, path: string, now = Date.now()): boolean {
  const key = `build-reload:${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

export function guardedReload(reason: string) {
  if (!reloadAllowed(window.sessionStorage, window.location.pathname)) return;
  console.info(`[build] reloading: ${reason}`);
  window.location.reload();
}

/** Starts polling builds/latest.json; returns a stop function. */
export function watchBuild(currentBuildId: string | undefined): () => void {
  const check = async () => {
    try {
      const res = await fetch("/builds/latest.json", { cache: "no-store" });
      if (!res.ok) return;
      const { buildId } = (await res.json()) as { buildId?: string };
      if (currentBuildId && buildId && buildId !== currentBuildId) guardedReload("a new build is running");
    } catch {
      /* offline or server restarting: try again next time */
    }
  };
  // A lazily loaded route module that no longer exists after a deploy.
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    guardedReload("a page part failed to load");
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  const timer = window.setInterval(check, POLL_INTERVAL_MS);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener("vite:preloadError", onPreloadError);
  };
}
