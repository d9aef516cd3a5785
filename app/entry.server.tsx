import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { createInstance, type i18n as I18n } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "~/i18n/config";
import { isLanguage } from "~/i18n/options";
import { contentSecurityPolicy } from "~/server/csp.server";

export const streamTimeout = 5_000;

/**
 * One i18next instance per language for all requests: a page never changes its language while rendering and
 * nothing writes to the instance, so the per-request init (a fifth of a millisecond and its garbage) is not needed.
 */
const instances = new Map<string, Promise<I18n>>();
function i18nFor(lng: string): Promise<I18n> {
  let known = instances.get(lng);
  if (!known) {
    const i18n = createInstance();
    known = i18n
      .use(initReactI18next)
      .init({ ...i18nOptions, lng })
      .then(() => i18n);
    instances.set(lng, known);
  }
  return known;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The root loader decided the language (user setting, else the browser's).
  const rootData = routerContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined;
  const locale = rootData?.locale;
  const i18n = await i18nFor(isLanguage(locale) ? locale : "cs");

  const nonce = loadContext.cspNonce;
  if (nonce) {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ nonce, mapTileUrl: loadContext.config.mapTileUrl, issuer: loadContext.config.issuer }),
    );
  }
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  responseHeaders.set("Referrer-Policy", "same-origin");
  responseHeaders.set("X-Frame-Options", "DENY");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
