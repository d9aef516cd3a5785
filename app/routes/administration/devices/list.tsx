import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { Route } from "./+types/list";
import { DEVICE_TYPES } from "#contract/enums";
import type { DeviceListItem } from "#contract/device";
import { deviceListKeys } from "#contract/lists";
import { deviceList as deviceContract } from "#contract/device";
import { defineList, withFilterOptions } from "~/lib/list";
import { formatDateTime } from "#contract/calendar";
import { useMessage } from "~/lib/messages";
import { useCan } from "~/lib/permissions";
import { readListParams } from "~/lib/list-params";
import { requirePermission } from "~/server/guard.server";
import { userT } from "~/server/i18n.server";
import { apiAnswer, backToList, formId, readIntent, redirectWithFlash } from "~/server/action.server";
import { pageTitle } from "~/components/page-title";
import { PageHeader } from "~/components/page-header";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { DataTable } from "~/components/data-table";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DEVICES_PATH, Day, DeviceTypeLabel, devicePath } from "./+shared/ui";

export const handle = pageTitle("device:list.title");

const text = (v: string | null) => v ?? "–";

/** Spec 001 §2 Devices list: columns and filters (search, type, municipality, paired); sorts from contract/lists.ts. */
export const deviceList = defineList(deviceListKeys, {
  filters: [
    { key: "search", kind: "search", label: { key: "device:list.search" } },
    {
      key: "type",
      kind: "select",
      label: { key: "device:field.type" },
      options: DEVICE_TYPES.map((v) => ({
        value: v,
        label: { key: `device:type.${v}` },
      })),
    },
    {
      key: "municipalityId",
      kind: "select",
      label: { key: "device:field.municipality" },
      options: [],
    },
    { key: "paired", kind: "boolean", label: { key: "device:list.paired" } },
  ],
  columns: [
    {
      key: "name",
      label: { key: "device:field.name" },
      render: (row: DeviceListItem) => (
        <Link className="font-medium text-emerald-800 hover:underline" to={devicePath(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      key: "type",
      label: { key: "device:field.type" },
      render: (row: DeviceListItem) => <DeviceTypeLabel type={row.type} />,
    },
    {
      key: "serialNumber",
      label: { key: "device:field.serialNumber" },
      className: "whitespace-nowrap",
    },
    {
      key: "uuid",
      label: { key: "device:field.uuid" },
      className: "max-w-24 truncate",
      render: (row: DeviceListItem) => (row.uuid ? <span title={row.uuid}>{row.uuid}</span> : "–"),
    },
    {
      key: "simCardNumber",
      label: { key: "device:field.simCardNumber" },
      // ICCIDs are 19–20 digits: the start is cut, the whole number is in the title and on the detail.
      className: "max-w-28 truncate",
      render: (row: DeviceListItem) =>
        row.simCardNumber ? <span title={row.simCardNumber}>{row.simCardNumber}</span> : text(row.simCardNumber),
    },
    {
      key: "municipalityName",
      label: { key: "device:field.municipality" },
      render: (row: DeviceListItem) =>
        row.municipalityId ? (
          <Link
            className="text-emerald-800 hover:underline"
            to={`/administration/municipalities/${row.municipalityId}`}
          >
            {row.municipalityName}
          </Link>
        ) : (
          <Unpaired />
        ),
    },
    {
      key: "validFrom",
      label: { key: "device:list.validity" },
      className: "whitespace-nowrap",
      render: (row: DeviceListItem) =>
        row.validFrom ? (
          <>
            <Day value={row.validFrom} /> – {row.validTo ? <Day value={row.validTo} /> : null}
          </>
        ) : (
          "–"
        ),
    },
    {
      key: "lastUsedAt",
      label: { key: "device:field.lastUsedAt" },
      className: "whitespace-nowrap",
      render: (row: DeviceListItem) => <LastUsed value={row.lastUsedAt} />,
    },
  ],
});

function Unpaired() {
  const { t } = useTranslation();
  return <span className="text-slate-500">{t("device:unpaired")}</span>;
}

function LastUsed({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  return <>{value ? formatDateTime(value, i18n.language) : "–"}</>;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = await requirePermission(request, context, "device.aDetail");
  const params = readListParams(deviceContract, request.url);
  const [list, municipalities] = await Promise.all([api.device.list(params), api.municipality.options()]);
  return { ...list, params, municipalities: municipalities.items };
}

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
  const { t } = useTranslation();
  return (
    // The dialog lives in the cell: it must not inherit its right alignment and no-wrap.
    <span className="text-left whitespace-normal">
      <ConfirmDialog
        name={`delete-${row.id}`}
        intent="delete"
        fields={{ id: row.id }}
        trigger={t("device:action.delete")}
        triggerVariant="ghost"
        triggerSize="sm"
        title={t("device:delete.title")}
        message={t("device:delete.message", {
          name: row.name,
        })}
        confirmLabel={t("device:action.delete")}
      />
    </span>
  );
}

export default function DeviceList({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { items, total, params, municipalities } = loaderData;
  const { t } = useTranslation();
  const shown = useMessage();
  const canAdd = useCan("aAdd", "device");
  const canRemove = useCan("aRemove", "device");
  const def = withFilterOptions(deviceList, {
    municipalityId: municipalities.map((m) => ({ value: String(m.id), label: m.name })),
  });
  const newButton = (size?: "sm") =>
    canAdd ? (
      <Button to={`${DEVICES_PATH}/create`} size={size}>
        {t("device:list.new")}
      </Button>
    ) : undefined;
  return (
    <div className="space-y-4">
      <PageHeader title={t("device:list.title")} actions={newButton()} />
      {answer?.message && <Alert tone="error">{shown(answer.message)}</Alert>}
      <DataTable
        def={def}
        rows={items}
        total={total}
        params={params}
        rowKey="id"
        rowLabel={(row) => row.name}
        caption={t("device:list.title")}
        rowActions={canRemove ? (row) => <DeleteAction row={row} /> : undefined}
        emptyState={{ message: t("device:list.empty"), action: newButton("sm") }}
      />
    </div>
  );
}
