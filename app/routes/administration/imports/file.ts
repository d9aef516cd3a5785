import { importJobCsvLoader } from "./+shared/job-file.server";

/** Resource route: the original uploaded file of an import job, as it was sent (back to the job once deleted). */
export const loader = importJobCsvLoader(
  (api, ids) => api.file.import.file(ids),
  (id) => `import-${id}.csv`,
);
