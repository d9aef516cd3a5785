import { useNavigation } from "react-router";

/**
 * The `intent` of the form post under way ('' when the post names none), or null while nothing is being posted:
 * `useSubmitting() === "save"`. A form whose helper buttons also post (a search, a registry lookup) tells them apart
 * by it, so only its save shows 'Ukládám…'.
 */
export function useSubmitting(): string | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return null;
  return String(navigation.formData?.get("intent") ?? "");
}
