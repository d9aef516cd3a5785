import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import type { FieldMetadata } from "@conform-to/react";
import { unmetPasswordRequirements } from "#contract/password";
import { InputField } from "./field";
import { cn } from "./ui/cn";
import { useHydrated } from "./ui/dialog";

/**
 * A new password with the rules of spec 001 §5 listed under it (contract/password.ts); with JavaScript each rule is
 * ticked off while typing. The first unmet rule is also the field's error message (contract newPasswordField).
 */
export function PasswordField({
  meta,
  label,
  autoComplete = "new-password",
}: {
  meta: FieldMetadata<string, any, string[]>;
  label: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [value, setValue] = useState("");
  const rules = unmetPasswordRequirements("", "strong");
  const unmet = new Set(unmetPasswordRequirements(value, "strong").map((r) => r.key));
  return (
    <InputField
      meta={meta}
      label={label}
      type="password"
      autoComplete={autoComplete}
      onInput={(e) => setValue(e.currentTarget.value)}
      description={
        <>
          <span className="block">{t("common:password.title")}</span>
          {rules.map((r) => {
            const met = hydrated && value !== "" && !unmet.has(r.key);
            return (
              <span key={r.key} className={cn("block", met && "text-emerald-700")} data-met={met || undefined}>
                <span aria-hidden="true">{met ? "✓ " : "• "}</span>
                {t(`common:${r.key}`, r.values ?? {})}
                {met && <span className="sr-only"> ({t("common:password.met")})</span>}
              </span>
            );
          })}
        </>
      }
    />
  );
}

/** A new password (with its rules) and its confirmation: set by an administrator or changed by the user. */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
}: {
  password: FieldMetadata<string, any, string[]>;
  confirm: FieldMetadata<string, any, string[]>;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordField meta={password} label={label} />
      <InputField meta={confirm} label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}
