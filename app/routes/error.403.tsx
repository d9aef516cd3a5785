import { useLoaderData } from "react-router";
import type { Route } from "./+types/error.403";
import { getSession } from "~/server/session.server";
import { ForbiddenPage } from "~/components/error-page";

export const meta = () => [{ title: "Přístup byl odepřen" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  return { forbidden: session.get("forbidden") ?? null };
}

export default function Forbidden() {
  const { forbidden } = useLoaderData<typeof loader>();
  return <ForbiddenPage path={forbidden?.path} />;
}
