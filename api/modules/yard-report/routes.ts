import { recordRoutes, route } from "../../lib/route";
import { pdfResponse } from "../../lib/pdf";
import { yardReportEndpoints as ep } from "#contract/endpoints/yard-report";
import * as svc from "./service";
import { protocolData, protocolPdf } from "./protocol";
import { requestProtocolMail } from "./mail";

const report = recordRoutes("yardReportId");

/** Yard visits (contract/endpoints/yard-report.ts). */
export const yardReportRoutes = [
  route(ep.list, ({ services, params, query }) => svc.listYardReports(services.db, params.municipalityId, query)),
  route(ep.create, ({ services, params, body, auth }) =>
    svc.createYardReport(services.db, params.municipalityId, body, auth.user?.id),
  ),
  report.read(ep.detail, svc.getYardReport),
  report.write(ep.update, svc.updateYardReport),
  report.remove(ep.remove, svc.deleteYardReport),
  route(ep.setPaid, ({ services, params: p, body }) =>
    svc.setYardReportPaid(services.db, p.municipalityId, p.yardReportId, body.paid),
  ),
  route(ep.protocol, async ({ services, params: p, query }) => {
    const data = await protocolData(services.db, p.municipalityId, p.yardReportId, query.layout);
    return pdfResponse(await protocolPdf(data), `protokol-${p.yardReportId}.pdf`, "inline");
  }),
  route(ep.mailProtocol, ({ services, params: p, body }) =>
    requestProtocolMail(services.db, services.jobs, p.municipalityId, p.yardReportId, body),
  ),
];
