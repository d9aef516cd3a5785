/**
 * The upload and job calls of an import type in its own area (contract/endpoints/import.ts areaImportEndpoints):
 * the upload queues a job of the type, the job and its errors are read only when they are of that type.
 */
import { route } from "../../lib/route";
import type { areaImportEndpoints } from "#contract/endpoints/import";
import type { Permission } from "#contract/permissions";
import { acceptUpload, type UploadTarget } from "./upload";
import { getImportJob, listImportErrors } from "./service";

export function areaImportRoutes(
  ep: ReturnType<typeof areaImportEndpoints<Permission, Permission>>,
  type: string,
  importer: UploadTarget["importer"],
  maxBytes?: number,
) {
  return [
    route(ep.import, ({ c, auth, services, params }) =>
      acceptUpload(c, {
        db: services.db,
        jobs: services.jobs,
        municipalityId: params.municipalityId,
        userId: auth.user.id,
        importer,
        maxBytes,
      }),
    ),
    route(ep.importJob, ({ services, params }) =>
      getImportJob(services.db, params.municipalityId, params.importJobId, type),
    ),
    route(ep.importErrors, ({ services, params, query }) =>
      listImportErrors(services.db, params.municipalityId, params.importJobId, query, type),
    ),
  ];
}
