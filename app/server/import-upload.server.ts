/**
 * The action of every import upload form: the request body goes on to the API as a stream (the web tier never holds
 * the file), and the user lands on the queued job's page; a refused file is shown under the file field.
 * The loader of a job's page is here too (`loadImportJob`).
 */
import { redirect, type AppLoadContext } from "react-router";
import { importErrorList, type ImportJobAnswer } from "#contract/import";
import type { Permission } from "#contract/permissions";
import { readListParams, type ListParams } from "~/lib/list-params";
import { requireId } from "~/lib/route-checks";
import type { ApiClient, ApiResult } from "./api.server";
import { answer, apiAnswer } from "./action.server";
import { requireMunicipality } from "./guard.server";
import { userT } from "./i18n.server";

export type UploadCall = (
  body: ReadableStream<Uint8Array> | null,
  type: { contentType: string; contentLength: string | null },
) => Promise<ApiResult<ImportJobAnswer>>;

export async function uploadImport(
  request: Request,
  api: ApiClient,
  upload: UploadCall,
  jobPath: (id: number) => string,
) {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) {
    const message = (await userT(api.session))("import:upload.chooseFile");
    return answer({ intent: "import", message, errors: { file: [message] } });
  }
  const res = await upload(request.body, { contentType, contentLength: request.headers.get("content-length") });
  if (res.ok) return redirect(jobPath(res.data.id));
  // The file's own problem (not CSV, too large) is shown under the file field.
  const file = res.problem.errors?.file ?? (res.status === 413 ? [res.problem.Message] : undefined);
  return apiAnswer("import", res, { errors: file ? { ...res.problem.errors, file } : res.problem.errors });
}

type JobIds = { municipalityId: number; importJobId: number };
type ErrorListParams = ListParams<typeof importErrorList.query>;
type JobPageArgs = { request: Request; context: AppLoadContext; params: { importJobId?: string } };

/** An import's read calls: those of an area (`areaImportEndpoints`: `api.wasteCard`) or of the imports area. */
export type ImportReadCalls<Job, Errors> = {
  importJob: (ids: JobIds) => Promise<Job>;
  importErrors: (query: JobIds & ErrorListParams) => Promise<Errors>;
};

/**
 * The loader of an import job's page (the imports area's, the waste cards', the collections'): the job and one page
 * of its rejected rows, their category filter and paging read from the URL.
 */
export async function loadImportJob<Job, Errors>(
  { request, context, params }: JobPageArgs,
  permission: Permission,
  calls: (api: ApiClient) => ImportReadCalls<Job, Errors>,
) {
  const importJobId = requireId(params.importJobId, request);
  const { api, municipalityId } = await requireMunicipality(request, context, permission);
  const list = readListParams(importErrorList, request.url);
  const { importJob, importErrors } = calls(api);
  const ids = { municipalityId, importJobId };
  const [job, errors] = await Promise.all([importJob(ids), importErrors({ ...ids, ...list })]);
  return { job, errors, params: list };
}

/** The action of an upload page: the permission to add, then `uploadImport` into the active municipality. */
export async function uploadImportAction(
  { request, context }: { request: Request; context: AppLoadContext },
  permission: Permission,
  call: (
    api: ApiClient,
  ) => (params: { municipalityId: number }, ...rest: Parameters<UploadCall>) => ReturnType<UploadCall>,
  jobPath: (id: number) => string,
) {
  const { api, municipalityId } = await requireMunicipality(request, context, permission);
  const upload = call(api);
  return uploadImport(request, api, (body, type) => upload({ municipalityId }, body, type), jobPath);
}
