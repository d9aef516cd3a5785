import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** Spec 000 §2 route table; nested as the URLs nest. Screens are registered as they are built. */
export default [
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("builds/latest.json", "routes/builds.latest.ts"),
  layout("routes/app-layout.tsx", [
    index("routes/index.tsx"),
    route("dashboard", "routes/dashboard/page.tsx"),
    route("reports", "routes/reports/page.tsx"),
    route("reports/export.csv", "routes/reports/export-csv.ts"),
    route("error/403", "routes/error.403.tsx"),
    route("active-municipality", "routes/active-municipality.tsx"),
    route("profile", "routes/profile.tsx"),
    route("search", "routes/search/page.tsx"),
    ...prefix("administration/users", [
      index("routes/administration/users/list.tsx"),
      route("create", "routes/administration/users/create.tsx"),
      route("unique-user-name", "routes/administration/users/unique-user-name.ts"),
      route(":userId/edit", "routes/administration/users/edit.tsx"),
    ]),
    ...prefix("infrastructure/subjects", [
      index("routes/infrastructure/subjects/list.tsx"),
      route("create", "routes/infrastructure/subjects/create.tsx"),
      route(":subjectId", "routes/infrastructure/subjects/detail.tsx"),
      route(":subjectId/edit", "routes/infrastructure/subjects/edit.tsx"),
      route(":subjectId/fee-payers/create", "routes/infrastructure/fee-payers/create-for-subject.tsx"),
    ]),
    ...prefix("infrastructure/fee-payers", [
      index("routes/infrastructure/fee-payers/list.tsx"),
      route("create", "routes/infrastructure/fee-payers/create.tsx"),
      route(":feePayerId", "routes/infrastructure/fee-payers/detail.tsx"),
      route(":feePayerId/edit", "routes/infrastructure/fee-payers/edit.tsx"),
      route(":feePayerId/login-letter.pdf", "routes/infrastructure/fee-payers/login-letter.ts"),
    ]),
    ...prefix("infrastructure/waste-evidence-headers", [
      index("routes/infrastructure/waste-evidence-headers/list.tsx"),
      route("create", "routes/infrastructure/waste-evidence-headers/create.tsx"),
      route(":wasteEvidenceHeaderId", "routes/infrastructure/waste-evidence-headers/detail.tsx"),
      route(":wasteEvidenceHeaderId/edit", "routes/infrastructure/waste-evidence-headers/edit.tsx"),
      route(
        ":wasteEvidenceHeaderId/dispose-frequency",
        "routes/infrastructure/waste-evidence-headers/dispose-frequency.tsx",
      ),
      route(":wasteEvidenceHeaderId/label.pdf", "routes/infrastructure/waste-evidence-headers/label.ts"),
    ]),
    ...prefix("infrastructure/waste-cards", [
      index("routes/infrastructure/waste-cards/list.tsx"),
      route("import", "routes/infrastructure/waste-cards/import.tsx"),
      route("import/:importJobId", "routes/infrastructure/waste-cards/import-result.tsx"),
    ]),
    ...prefix("waste-collection-evidence/waste-evidences", [
      index("routes/waste-collection-evidence/waste-evidences/list.tsx"),
      route("create", "routes/waste-collection-evidence/waste-evidences/create.tsx"),
      route(":wasteEvidenceId", "routes/waste-collection-evidence/waste-evidences/detail.tsx"),
      route(":wasteEvidenceId/edit", "routes/waste-collection-evidence/waste-evidences/edit.tsx"),
    ]),
    ...prefix("waste-collection-evidence/yard-reports", [
      index("routes/waste-collection-evidence/yard-reports/list.tsx"),
      route("create", "routes/waste-collection-evidence/yard-reports/create.tsx"),
      route(":yardReportId/edit", "routes/waste-collection-evidence/yard-reports/edit.tsx"),
      route(":yardReportId/protocol.pdf", "routes/waste-collection-evidence/yard-reports/protocol.ts"),
    ]),
    ...prefix("waste-collection-evidence/distribution-reports", [
      index("routes/waste-collection-evidence/distribution-reports/list.tsx"),
      route("create", "routes/waste-collection-evidence/distribution-reports/create.tsx"),
      route("export.csv", "routes/waste-collection-evidence/distribution-reports/export-csv.ts"),
    ]),
    ...prefix("administration/print-batches", [
      index("routes/administration/print-batches/list.tsx"),
      route("create", "routes/administration/print-batches/create.tsx"),
      route(":printBatchId", "routes/administration/print-batches/detail.tsx"),
      route(":printBatchId/labels.pdf", "routes/administration/print-batches/labels.ts"),
    ]),
    ...prefix("administration/devices", [
      index("routes/administration/devices/list.tsx"),
      route("create", "routes/administration/devices/create.tsx"),
      route(":deviceId", "routes/administration/devices/detail.tsx"),
      route(":deviceId/edit", "routes/administration/devices/edit.tsx"),
    ]),
    ...prefix("waste-collection-evidence/waste-collections", [
      index("routes/waste-collection-evidence/waste-collections/list.tsx"),
      route("import", "routes/waste-collection-evidence/waste-collections/import.tsx"),
      route("import/:importJobId", "routes/waste-collection-evidence/waste-collections/import-result.tsx"),
      route(":collectionId", "routes/waste-collection-evidence/waste-collections/detail.tsx"),
    ]),
    ...prefix("fees/discounts", [
      index("routes/fees/discounts/list.tsx"),
      route("create", "routes/fees/discounts/create.tsx"),
      route(":discountId/edit", "routes/fees/discounts/edit.tsx"),
    ]),
    ...prefix("fees/expenditures", [
      index("routes/fees/expenditures/overview.tsx"),
      route("edit", "routes/fees/expenditures/edit.tsx"),
    ]),
    ...prefix("administration/imports", [
      index("routes/administration/imports/list.tsx"),
      route("create", "routes/administration/imports/create.tsx"),
      route(":importJobId", "routes/administration/imports/detail.tsx"),
      route(":importJobId/errors.csv", "routes/administration/imports/errors-csv.ts"),
      route(":importJobId/file", "routes/administration/imports/file.ts"),
    ]),
    route("administration/waste-bins", "routes/administration/waste-bins.ts"),
    route("administration/waste-collection-yards", "routes/administration/waste-collection-yards.ts"),
    route("administration/distribution-centers", "routes/administration/distribution-centers.ts"),
    ...prefix("fees/fees", [
      index("routes/fees/fees/list.tsx"),
      route(":feeId/payment-notice.pdf", "routes/fees/fees/payment-notice.ts"),
      route("payment-notices/:jobId/notices.pdf", "routes/fees/fees/payment-notices-file.ts"),
    ]),
    ...prefix("administration/municipalities", [
      index("routes/administration/municipalities/list.tsx"),
      route("create", "routes/administration/municipalities/create.tsx"),
      route(":municipalityId", "routes/administration/municipalities/detail.tsx"),
      route(":municipalityId/edit", "routes/administration/municipalities/edit.tsx"),
      route(":municipalityId/logo", "routes/administration/municipalities/logo.ts"),
      route(":municipalityId/modules/waste-bins", "routes/administration/municipalities/modules/waste-bins.tsx"),
      route(
        ":municipalityId/modules/motivation-program",
        "routes/administration/municipalities/modules/motivation-program/overview.tsx",
      ),
      route(
        ":municipalityId/modules/motivation-program/:motivationalType/edit",
        "routes/administration/municipalities/modules/motivation-program/edit.tsx",
      ),
      ...prefix(":municipalityId/modules/waste-collection-yards", [
        index("routes/administration/municipalities/modules/waste-collection-yards/list.tsx"),
        route("create", "routes/administration/municipalities/modules/waste-collection-yards/create.tsx"),
        route(":yardId", "routes/administration/municipalities/modules/waste-collection-yards/detail.tsx"),
        route(":yardId/edit", "routes/administration/municipalities/modules/waste-collection-yards/edit.tsx"),
        route(
          ":yardId/wastes/create",
          "routes/administration/municipalities/modules/waste-collection-yards/waste-create.tsx",
        ),
        route(
          ":yardId/wastes/:yardWasteId/edit",
          "routes/administration/municipalities/modules/waste-collection-yards/waste-edit.tsx",
        ),
      ]),
      ...prefix(":municipalityId/modules/distribution-centers", [
        index("routes/administration/municipalities/modules/distribution-centers/list.tsx"),
        route("create", "routes/administration/municipalities/modules/distribution-centers/create.tsx"),
        route(":distributionId", "routes/administration/municipalities/modules/distribution-centers/detail.tsx"),
        route(":distributionId/edit", "routes/administration/municipalities/modules/distribution-centers/edit.tsx"),
      ]),
      ...prefix(":municipalityId/users", [
        route("create", "routes/administration/municipalities/users/create.tsx"),
        route(":userId/edit", "routes/administration/municipalities/users/edit.tsx"),
      ]),
    ]),
    // An unknown page is answered inside the layout, so the navigation stays (a signed-out visitor signs in first).
    route("*", "routes/not-found.tsx"),
  ]),
  // A missing build file is a plain 404, never a sign-in redirect.
  route("assets/*", "routes/not-found.tsx", { id: "routes/asset-not-found" }),
] satisfies RouteConfig;
