/**
 * The action of every import upload form: the request body goes on to the API as a stream (the web tier never holds
 * the file), and the user lands on the queued job's page; a refused file is shown under the file field.
 */
import { redirect } from "react-router";
import type { ImportJobAnswer } from "#contract/import";
import type { ApiClient, ApiResult } from "./api.server";
import { answer, apiAnswer } from "./action.server";
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
