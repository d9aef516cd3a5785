/**
 * Distribution centres (spec 001 §2 'Distribution centres', §3 Distribution centre, §4 distribution report states;
 * docs/distribution-centres.md): the centre's form, its list and detail (users, latest reports), the assignment of
 * the municipality's users, and the served / unserved collection points chart.
 */
import { z } from "zod";
import {
  boolFlag,
  chosenId,
  contactAnswer,
  optionalEmail,
  requiredText,
  timestampsAnswer,
  versionedIdAnswer,
  withVersion,
  idNameAnswer,
} from "./common";
import { listFilter, listQuery } from "./list";
import { distributionCentreListKeys } from "./lists";
import { phoneField } from "./user";

export const CENTRE_NOT_FOUND = "Distribuční centrum nebylo nalezeno.";
export const CENTRE_USER_NOT_FOUND = "Uživatel v tomto distribučním centru nepracuje.";
export const CENTRE_HAS_REPORTS = "Distribuční centrum má hlášení, nelze ho smazat.";
export const CENTRE_USER_UNKNOWN = "Uživatel nebyl nalezen mezi uživateli obce.";
export const CENTRE_USER_ALREADY_HERE = "Uživatel už v tomto centru pracuje.";

/** Spec 001 §4: the states of a distribution report (written by the reports' processing). */
export const CENTRE_REPORT_STATES = ["unprocessed", "processed", "warning", "error", "discarded"] as const;
export type CentreReportState = (typeof CENTRE_REPORT_STATES)[number];

/** Spec 001 §2 Distribution centres → create / edit: name, phone, e-mail. */
export const centreFormSchema = z.object({
  name: requiredText(150),
  phone: phoneField,
  email: optionalEmail,
});
export type CentreForm = z.infer<typeof centreFormSchema>;
export const centreUpdateSchema = withVersion(centreFormSchema);
export type CentreUpdate = z.infer<typeof centreUpdateSchema>;

/** GET …/distribution-centre: search in name, phone and e-mail. */
export const centreList = listQuery(distributionCentreListKeys, { search: listFilter.search() });
export type CentreListQuery = z.output<typeof centreList.query>;

export const centreListItem = z.object({
  ...idNameAnswer,
  ...contactAnswer,
  userCount: z.number(),
  reportCount: z.number(),
  lastReportDate: z.string().nullable(),
});
export type CentreListItem = z.infer<typeof centreListItem>;

/** A user working at the centre. */
export const centreUser = z.object({
  ...idNameAnswer,
  userName: z.string(),
  roleName: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type CentreUser = z.infer<typeof centreUser>;

/** One of the centre's latest reports (the reports themselves are the distribution-report domain's). */
export const centreReport = z.object({
  id: z.number(),
  reportDate: z.string(),
  subjectId: z.number().nullable(),
  subjectName: z.string().nullable(),
  state: z.enum(CENTRE_REPORT_STATES),
  recordCount: z.number(),
});
export type CentreReport = z.infer<typeof centreReport>;

/** How many reports the detail shows; the rest are on the reports screen. */
export const LATEST_REPORTS = 10;

export const centreDetail = centreListItem.extend({
  ...versionedIdAnswer,
  ...timestampsAnswer,
  users: z.array(centreUser),
  latestReports: z.array(centreReport),
});
export type CentreDetail = z.infer<typeof centreDetail>;

/** POST …/{centreId}/user: a user of the municipality; one at another centre moves only with `move`. */
export const assignUserBody = z.object({
  userId: chosenId("Vyberte uživatele."),
  move: boolFlag,
});
export type AssignUserBody = z.infer<typeof assignUserBody>;

/** GET …/distribution-centre/user-options: the municipality's users the add-user dialog offers. */
export const centreUserOptionsQuery = z.object({ search: listFilter.search() });
export const centreUserOption = z.object({
  ...idNameAnswer,
  userName: z.string(),
  roleName: z.string(),
  centreId: z.number().nullable(),
  centreName: z.string().nullable(),
});
export type CentreUserOption = z.infer<typeof centreUserOption>;
/** The picker shows this many; a search narrows them. */
export const USER_OPTIONS_LIMIT = 50;

/** The chart's buckets: ISO weeks (Monday to Sunday) or calendar months, the last CHART_BUCKETS of them. */
export const CHART_PERIODS = ["week", "month"] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];
export const CHART_BUCKETS = 12;

/** GET …/distribution-centre/chart: period (default month), one centre or all, the last bucket holds `until`. */
export const centreChartQuery = z.object({
  period: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CHART_PERIODS).default("month")),
  centreId: listFilter.id(),
  until: listFilter.date(),
});
export type CentreChartQuery = z.output<typeof centreChartQuery>;

export const centreChartBucket = z.object({
  /** First and last day of the bucket (YYYY-MM-DD). */
  start: z.string(),
  end: z.string(),
  /** Collection points with a report in the bucket that was not discarded. */
  served: z.number(),
  /** Active collection points in the bucket (a fee payer's membership overlaps it) without such a report. */
  unserved: z.number(),
});
export type CentreChartBucket = z.infer<typeof centreChartBucket>;
export const centreChart = z.object({
  period: z.enum(CHART_PERIODS),
  centreId: z.number().nullable(),
  buckets: z.array(centreChartBucket),
});
export type CentreChart = z.infer<typeof centreChart>;
