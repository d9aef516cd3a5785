import { useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";

/** The save + cancel row under an entity form; the save button shows 'Ukládám…' while submitting. */
export function FormActions(props: { submitLabel: string; cancelTo: string; busy?: boolean }) {
  const { submitLabel, cancelTo } = props;
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  // A form whose helper buttons also submit (e.g. 'Navrhnout') passes its own busy state.
  const busy = props.busy ?? submitting;
  return (
    <div className="flex gap-2">
      <Button type="submit" name="intent" value="save" disabled={busy}>
        {busy ? t("common:saving", "Ukládám…") : submitLabel}
      </Button>
      <Button to={cancelTo} variant="secondary">
        {t("common:cancel", "Zrušit")}
      </Button>
    </div>
  );
}
