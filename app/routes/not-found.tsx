import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Spec 000 §2: an unmatched path answers 404 'Page not found: {path}'. */
export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data({ message: `Page not found: ${pathname}` }, { status: 404 });
}

export default function NotFound() {
  return null;
}
