/** The municipality detail's 'Zařízení' card (spec 001 §2 Municipalities 'Detail shows users, devices, …'). */
import { RowsTable } from "~/components/rows-table";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { MunicipalityDevice } from "#contract/device";
import { useCan } from "~/lib/permissions";
import { Button } from "~/components/ui/button";
import { TD, TR } from "~/components/ui/table";
import { DEVICES_PATH, DeviceTypeLabel, Period, devicePath } from "./ui";
import { RecordLink } from "~/components/record-link";

/** The devices paired with the municipality today, each linking to its detail; ADMIN adds or pairs one. */
export function MunicipalityDevicesCard({
  municipalityId,
  devices,
}: {
  municipalityId: number;
  devices: MunicipalityDevice[];
}) {
  const { t } = useTranslation();
  const canAdd = useCan("aAdd", "device");
  const canPair = useCan("aEdit", "device");
  return (
    <SectionCard
      title={t("device:card.title")}
      actions={
        <>
          <div className="flex flex-wrap gap-2">
            {canPair && (
              <Button to={`${DEVICES_PATH}?paired=false`} variant="secondary" size="sm">
                {t("device:card.pair")}
              </Button>
            )}
            {canAdd && (
              <Button to={`${DEVICES_PATH}/create?municipalityId=${municipalityId}`} variant="secondary" size="sm">
                {t("device:card.add")}
              </Button>
            )}
          </div>
        </>
      }
    >
      <RowsTable
        rows={devices}
        empty={t("device:card.empty")}
        head={[t("device:field.name"), t("device:field.type"), t("device:field.serialNumber"), t("device:card.period")]}
      >
        {(d) => (
          <TR key={d.id}>
            <TD>
              <RecordLink to={devicePath(d.id)}>{d.name}</RecordLink>
            </TD>
            <TD>
              <DeviceTypeLabel type={d.type} />
            </TD>
            <TD>{d.serialNumber}</TD>
            <TD>
              <Period from={d.validFrom} to={d.validTo} />
            </TD>
          </TR>
        )}
      </RowsTable>
    </SectionCard>
  );
}
