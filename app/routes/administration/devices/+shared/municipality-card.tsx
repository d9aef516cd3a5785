/** The municipality detail's 'Zařízení' card (spec 001 §2 Municipalities 'Detail shows users, devices, …'). */
import { Link } from "react-router";
import { SectionCard } from "~/components/section-card";
import { useTranslation } from "~/i18n/use-translation";
import type { MunicipalityDevice } from "#contract/device";
import { useCan } from "~/lib/permissions";
import { Button } from "~/components/ui/button";
import { TBody, TD, TH, THead, TR, Table } from "~/components/ui/table";
import { DEVICES_PATH, DeviceTypeLabel, Period, devicePath } from "./ui";

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
      {devices.length === 0 ? (
        <p className="text-sm text-slate-600">{t("device:card.empty")}</p>
      ) : (
        <Table>
          <THead>
            <TR>
              <TH>{t("device:field.name")}</TH>
              <TH>{t("device:field.type")}</TH>
              <TH>{t("device:field.serialNumber")}</TH>
              <TH>{t("device:card.period")}</TH>
            </TR>
          </THead>
          <TBody>
            {devices.map((d) => (
              <TR key={d.id}>
                <TD>
                  <Link className="font-medium text-emerald-800 hover:underline" to={devicePath(d.id)}>
                    {d.name}
                  </Link>
                </TD>
                <TD>
                  <DeviceTypeLabel type={d.type} />
                </TD>
                <TD>{d.serialNumber}</TD>
                <TD>
                  <Period from={d.validFrom} to={d.validTo} />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </SectionCard>
  );
}
