import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import type { ApiClient } from "~/server/api.server";
import { DEVICE_TYPES } from "#contract/enums";
import type { DeviceListItem } from "#contract/device";
import { deviceListKeys } from "#contract/lists";
import { deviceList as deviceContract } from "#contract/device";
import { defineList, withFilterOptions } from "~/lib/list";
import { useCan } from "~/lib/permissions";
import { loadList } from "~/server/list-action.server";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { apiAnswer, backToList, formId, readIntent, redirectWithFlash } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { ListPage } from "~/components/list-page";
import { column, nameColumn, dateTimeColumn, refColumn } from "~/components/list-columns";
import { booleanFilter, enumFilter, idOptions, optionsFilter, searchFilter } from "~/lib/list-filters";
import { RowDeleteDialog } from "~/components/confirm-dialog";
import { DEVICES_PATH, Day, DeviceTypeLabel, devicePath } from "./+shared/ui";

export const handle = pageTitle("device:list.title");

/** Spec 001 §2 Devices list: columns and filters (search, type, municipality, paired); sorts from contract/lists.ts. */
export const deviceList = defineList(deviceListKeys, {
  filters: [
    searchFilter("device"),
    enumFilter("type", "device:field.type", DEVICE_TYPES, "device:type"),
    optionsFilter("municipalityId", "device:field.municipality"),
    booleanFilter("paired", "device:list.paired"),
  ],
  columns: [
    nameColumn<DeviceListItem>("device:field.name", devicePath),
    column("type", "device:field.type", (row: DeviceListItem) => <DeviceTypeLabel type={row.type} />),
    column("serialNumber", "device:field.serialNumber", undefined, { className: "whitespace-nowrap" }),
    column("uuid", "device:field.uuid", (row: DeviceListItem) => <Truncated value={row.uuid} />, {
      className: "max-w-24 truncate",
    }),
    // ICCIDs are 19–20 digits: the start is cut, the whole number is in the title and on the detail.
    column(
      "simCardNumber",
      "device:field.simCardNumber",
      (row: DeviceListItem) => <Truncated value={row.simCardNumber} />,
      {
        className: "max-w-28 truncate",
      },
    ),
    refColumn(
      "municipalityName",
      "device:field.municipality",
      (row: DeviceListItem) => row.municipalityId,
      (id) => `/administration/municipalities/${id}`,
      <Unpaired />,
    ),
    column(
      "validFrom",
      "device:list.validity",
      (row: DeviceListItem) =>
        row.validFrom ? (
          <>
            <Day value={row.validFrom} /> – {row.validTo ? <Day value={row.validTo} /> : null}
          </>
        ) : (
          "–"
        ),
      { className: "whitespace-nowrap" },
    ),
    dateTimeColumn("lastUsedAt", "device:field.lastUsedAt", (row: DeviceListItem) => row.lastUsedAt, {
      className: "whitespace-nowrap",
    }),
  ],
});

/** A long number cut at the cell's end; the whole of it in the title. */
function Truncated({ value }: { value: string | null }) {
  return value ? <span title={value}>{value}</span> : <>–</>;
}

function Unpaired() {
  const { t } = useTranslation();
  return <span className="text-slate-500">{t("device:unpaired")}</span>;
}

/** The municipality filter's options, read with the page. */
const municipalities = async (api: ApiClient) => ({ municipalities: (await api.municipality.options()).items });

export const loader = (args: Route.LoaderArgs) =>
  loadList(args, "device.aDetail", deviceContract, (api) => api.device.list, municipalities);

/** Row delete (confirmed in a dialog, `?dialog=delete-<id>` without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const api = await requirePermission(request, context, "device.aRemove");
  const { formData, intent } = await readIntent(request);
  const res = await api.device.remove({ deviceId: formId(formData.get("id")) ?? 0 });
  if (!res.ok) return apiAnswer(intent, res);
  const t = await userT(api.session);
  return redirectWithFlash(api, context, backToList(request), t("device:flash.deleted"));
}

/** The row's delete behind a confirmation (editing is on the detail). */
function DeleteAction({ row }: { row: DeviceListItem }) {
  return (
    // The dialog lives in the cell: it must not inherit its right alignment and no-wrap.
    <span className="text-left whitespace-normal">
      <RowDeleteDialog ns="device" id={row.id} values={{ name: row.name }} />
    </span>
  );
}

export default function DeviceList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { municipalities } = loaderData;
  const canRemove = useCan("aRemove", "device");
  const def = withFilterOptions(deviceList, {
    municipalityId: idOptions(municipalities),
  });
  return (
    <ListPage
      ns="device"
      list={loaderData}
      def={def}
      create={{ to: `${DEVICES_PATH}/create` }}
      answer={answer}
      rowActions={canRemove ? (row) => <DeleteAction row={row} /> : undefined}
    />
  );
}
