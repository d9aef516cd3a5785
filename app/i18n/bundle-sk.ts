import { namespacesOf } from "./options";

/** The browser's translations when the page is in this language; idp and email are the server's own. */
export default namespacesOf(
  import.meta.glob(["../../locales/sk/*.json", "!../../locales/sk/{idp,email}.json"], { eager: true, import: "default" }),
).sk!;
