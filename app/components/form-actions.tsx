import { useNavigation } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
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
        {busy ? t("common:saving") : submitLabel}
      </Button>
      <Button to={cancelTo} variant="secondary">
        {t("common:cancel")}
      </Button>
    </div>
  );
}

/**
 * Enter in a text field presses the form's FIRST submit button. Forms whose helper buttons (registry lookup, list
 * add/remove, a search) come before the save button start with this invisible save button, so Enter saves.
 */
export function DefaultSubmit() {
  return <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" />;
}
