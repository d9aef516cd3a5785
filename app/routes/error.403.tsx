import { data } from "react-router";
import type { Route } from "./+types/error.403";
import { getSession } from "~/server/session.server";
import { pageTitle } from "~/components/page-title";
import { ForbiddenPage } from "~/components/error-page";

export const handle = pageTitle("common:forbiddenPage.title");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context);
  // The remembered 403 (path, timestamp, '403') of spec 000 §6 stays in the session for support.
  // The page answers with the status it shows (issue 11: it answered 200).
  return data(
    { forbidden: session.get("forbidden") ?? null, supportEmail: context.config.supportEmail },
    { status: 403 },
  );
}

export default function Forbidden({ loaderData }: Route.ComponentProps) {
  const { forbidden, supportEmail } = loaderData;
  return (
    <div data-forbidden-path={forbidden?.path}>
      <ForbiddenPage supportEmail={supportEmail} />
    </div>
  );
}
