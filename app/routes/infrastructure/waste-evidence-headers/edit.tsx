import { useState } from "react";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SectionCard } from "~/components/section-card";
import { Form } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/edit";
import { wehEditSchema, wehUpdateSchema, type WehDetail } from "#contract/waste-evidence-header";
import { CheckboxField, FormErrors, InputField, TextareaField, VersionField } from "~/components/field";
import { FormActions } from "~/components/form-actions";
import { LocationMap, parsePoint, type MapPoint, type MapTiles } from "~/components/map";
import { FormPage } from "~/components/form-page";
import { editTitle } from "~/components/page-title";
import { Alert } from "~/components/ui/alert";
import { TypeSelectFields, wehPath, type TypeOptions } from "./+shared/ui";
import { editableHeader, loadTypes, mapTiles, saveHeaderForm } from "./+shared/weh.server";

export const handle = editTitle<Route.ComponentProps["loaderData"]>("wasteEvidenceHeader", (d) => d.header.barcode);

type EditValues = Partial<Record<keyof z.input<typeof wehEditSchema> | "version", string>>;

const text = (v: string | null | undefined) => v ?? "";

function toFormValues(h: WehDetail): EditValues {
  return {
    version: String(h.version),
    binTypeId: h.binTypeId ? String(h.binTypeId) : "",
    wasteTypeId: h.wasteTypeId ? String(h.wasteTypeId) : "",
    rfid: text(h.rfid),
    disposable: h.disposable ? "on" : "",
    description: text(h.description),
    street: text(h.street),
    city: text(h.city),
    zipCode: text(h.zipCode),
    latitude: text(h.latitude),
    longitude: text(h.longitude),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { api, ids } = await editableHeader(args);
  const [header, types] = await Promise.all([api.wasteEvidenceHeader.detail(ids), loadTypes(api, ids.municipalityId)]);
  return { header, types, tiles: mapTiles(args.context) };
}

/** Save (PUT waste-evidence-header/{id}); a 422 of the API appears under the fields. */
export async function action(args: Route.ActionArgs) {
  return saveHeaderForm(args, wehUpdateSchema, "saved", (api, ids, value) =>
    api.wasteEvidenceHeader.update(ids, value),
  );
}

export default function EditWasteEvidenceHeader({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { header, types, tiles } = loaderData;
  const { t } = useTranslation();
  return (
    <FormPage
      back={{ to: wehPath(header.id), label: header.barcode }}
      title={
        <>
          {t("wasteEvidenceHeader:edit.title")}: <span className="tabular-nums">{header.barcode}</span>
        </>
      }
    >
      <EditForm header={header} types={types} tiles={tiles} lastResult={answer?.result} />
    </FormPage>
  );
}

/**
 * Spec 001 §2 bin edit: basic information, the location (a map where a click places the marker and dragging moves
 * it, bound to latitude/longitude fields that also work alone) and the advanced address form.
 */
function EditForm(props: {
  header: WehDetail;
  types: TypeOptions;
  tiles: MapTiles;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { header, types, tiles } = props;
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm<EditValues>(wehEditSchema, {
    lastResult: props.lastResult,
    defaultValue: toFormValues(header),
  });
  // The map follows the two fields; the fields follow the map (set as if typed, so the form sees the change).
  const [coords, setCoords] = useState({ lat: text(header.latitude), lng: text(header.longitude) });
  const point = parsePoint(coords.lat, coords.lng);
  const readCoords = () => {
    const value = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? "";
    setCoords({ lat: value(fields.latitude.id), lng: value(fields.longitude.id) });
  };
  const placeMarker = (p: MapPoint) => {
    for (const [id, v] of [
      [fields.latitude.id, p.lat],
      [fields.longitude.id, p.lng],
    ] as const) {
      const el = document.getElementById(id);
      if (el instanceof HTMLInputElement) {
        el.value = String(v);
        el.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    setCoords({ lat: String(p.lat), lng: String(p.lng) });
  };
  const hasCoords = coords.lat.trim() !== "" || coords.lng.trim() !== "";

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormErrors errors={form.errors} id={form.errorId} />
      <VersionField form={form} />
      <SectionCard title={t("wasteEvidenceHeader:section.basic")} contentClassName="grid gap-4 md:grid-cols-2">
        <TypeSelectFields
          fields={fields}
          types={types}
          current={header}
          emptyOption={t("wasteEvidenceHeader:edit.noType")}
        />
        <InputField meta={fields.rfid} label={t("wasteEvidenceHeader:field.rfid")} autoComplete="off" />
        <CheckboxField
          meta={fields.disposable}
          className="self-center"
          label={t("wasteEvidenceHeader:field.disposable")}
          description={t("wasteEvidenceHeader:edit.disposableHelp")}
        />
        <TextareaField
          meta={fields.description}
          className="md:col-span-2"
          label={t("wasteEvidenceHeader:field.description")}
        />
      </SectionCard>

      <SectionCard
        id="location"
        title={t("wasteEvidenceHeader:section.location")}
        titleId="weh-edit-location"
        contentClassName="space-y-3"
      >
        {!point && (
          <Alert tone="info">
            {hasCoords ? t("wasteEvidenceHeader:map.invalid") : t("wasteEvidenceHeader:map.noGps")}{" "}
            {t("wasteEvidenceHeader:map.howToSet")}
          </Alert>
        )}
        <LocationMap
          tiles={tiles}
          point={point}
          onChange={placeMarker}
          label={t("wasteEvidenceHeader:map.editLabel")}
          placeholder={t("wasteEvidenceHeader:map.noScript")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              [fields.latitude, "latitude", "49.215300"],
              [fields.longitude, "longitude", "15.881600"],
            ] as const
          ).map(([meta, name, placeholder]) => (
            <InputField
              key={name}
              meta={meta}
              label={t(`wasteEvidenceHeader:field.${name}`)}
              inputMode="decimal"
              placeholder={placeholder}
              autoComplete="off"
              onInput={readCoords}
            />
          ))}
        </div>
      </SectionCard>

      <SectionCard title={t("wasteEvidenceHeader:section.address")} contentClassName="space-y-3">
        <p className="text-sm text-slate-600">
          {t("wasteEvidenceHeader:edit.addressHelp")}
          {header.subjectAddress ? ` (${header.subjectAddress})` : ""}
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          <InputField meta={fields.street} label={t("wasteEvidenceHeader:field.street")} />
          <InputField meta={fields.zipCode} label={t("wasteEvidenceHeader:field.zipCode")} inputMode="numeric" />
          <InputField meta={fields.city} label={t("wasteEvidenceHeader:field.city")} />
        </div>
      </SectionCard>

      <FormActions submitLabel={t("common:save")} cancelTo={wehPath(header.id)} />
    </Form>
  );
}
