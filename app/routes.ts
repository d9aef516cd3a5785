import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Spec 000 §2 route table; nested as the URLs nest. Screens are registered as they are built. */
export default [
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("builds/latest.json", "routes/builds.latest.ts"),
  layout("routes/app-layout.tsx", [
    index("routes/index.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("error/403", "routes/error.403.tsx"),
    route("active-municipality", "routes/active-municipality.tsx"),
    route("profile", "routes/profile.tsx"),
    ...prefix("administration/users", [
      index("routes/administration/users/list.tsx"),
      route("create", "routes/administration/users/create.tsx"),
      route("unique-user-name", "routes/administration/users/unique-user-name.ts"),
      route(":userId/edit", "routes/administration/users/edit.tsx"),
    ]),
    ...prefix("administration/municipalities", [
      index("routes/administration/municipalities/list.tsx"),
      route("create", "routes/administration/municipalities/create.tsx"),
      route(":municipalityId", "routes/administration/municipalities/detail.tsx"),
      route(":municipalityId/edit", "routes/administration/municipalities/edit.tsx"),
      route(":municipalityId/logo", "routes/administration/municipalities/logo.ts"),
      ...prefix(":municipalityId/users", [
        route("create", "routes/administration/municipalities/users/create.tsx"),
        route(":userId/edit", "routes/administration/municipalities/users/edit.tsx"),
      ]),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
