import { importJobCsvLoader } from "./+shared/job-file.server";

/** Resource route: the import's whole error log as a CSV file (the API writes it page by page). */
export const loader = importJobCsvLoader(
  (api, ids) => api.file.import.errorsCsv(ids),
  (id) => `chyby-importu-${id}.csv`,
);
