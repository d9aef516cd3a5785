import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logout } from "~/server/auth.server";

export async function action({ request, context }: Route.ActionArgs) {
  return logout(request, context);
}

export function loader() {
  return redirect("/");
}
