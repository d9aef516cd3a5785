/**
 * Every /v1 endpoint by domain (issue 12, decision 0027). The API binds a handler to each (api/modules/<domain>/routes.ts);
 * the web calls them through the typed client as api.<domain>.<name>(…) (app/server/api.server.ts).
 */
import { deviceEndpoints } from "./device";
import { feeEndpoints } from "./fee";
import { feeCalculationEndpoints } from "./fee-calculation";
import { discountEndpoints } from "./discount";
import { expenditureEndpoints } from "./expenditure";
import { feePayerEndpoints } from "./fee-payer";
import { importEndpoints } from "./import";
import { wasteCollectionEndpoints } from "./waste-collection";
import { municipalityEndpoints } from "./municipality";
import { motivationProgrammeEndpoints } from "./motivation-programme";
import { paymentNoticeEndpoints } from "./payment-notice";
import { printBatchEndpoints } from "./print-batch";
import { registryEndpoints } from "./registry";
import { subjectEndpoints } from "./subject";
import { userEndpoints } from "./user";
import { wasteCardEndpoints } from "./waste-card";
import { wasteEvidenceEndpoints } from "./waste-evidence";
import { wasteEvidenceHeaderEndpoints } from "./waste-evidence-header";
import { wasteSettingsEndpoints } from "./waste-settings";
import { collectionYardEndpoints } from "./collection-yard";
import { yardReportEndpoints } from "./yard-report";
import { distributionReportEndpoints } from "./distribution-report";
import { distributionCentreEndpoints } from "./distribution-centre";
import { dashboardEndpoints } from "./dashboard";
import { reportEndpoints } from "./report";

export const endpoints = {
  device: deviceEndpoints,
  fee: feeEndpoints,
  feePayer: feePayerEndpoints,
  subject: subjectEndpoints,
  user: userEndpoints,
  municipality: municipalityEndpoints,
  registry: registryEndpoints,
  wasteSettings: wasteSettingsEndpoints,
  printBatch: printBatchEndpoints,
  wasteEvidenceHeader: wasteEvidenceHeaderEndpoints,
  wasteCard: wasteCardEndpoints,
  import: importEndpoints,
  wasteCollection: wasteCollectionEndpoints,
  wasteEvidence: wasteEvidenceEndpoints,
  feeCalculation: feeCalculationEndpoints,
  discount: discountEndpoints,
  expenditure: expenditureEndpoints,
  motivationProgramme: motivationProgrammeEndpoints,
  paymentNotice: paymentNoticeEndpoints,
  collectionYard: collectionYardEndpoints,
  yardReport: yardReportEndpoints,
  distributionReport: distributionReportEndpoints,
  distributionCentre: distributionCentreEndpoints,
  dashboard: dashboardEndpoints,
  report: reportEndpoints,
};

export type Endpoints = typeof endpoints;
