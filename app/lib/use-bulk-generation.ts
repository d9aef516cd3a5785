import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/**
 * A number that grows after every finished submission of one of the given bulk intents (without intents: after any
 * POST of the page). A list passes it as the
 * DataTable's key, so the table is remounted and the rows acted upon are no longer selected (the same page, with
 * or without JavaScript, shows a clean selection after the flash).
 */
export function useGenerationAfter(intents?: readonly string[]): number {
  const navigation = useNavigation();
  const [generation, setGeneration] = useState(0);
  const pending = useRef(false);
  const intent = navigation.formData?.get("intent");
  const watched = intents ? typeof intent === "string" && intents.includes(intent) : navigation.formMethod === "POST";
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (watched) pending.current = true;
    } else if (pending.current) {
      pending.current = false;
      setGeneration((g) => g + 1);
    }
  }, [navigation.state, watched]);
  return generation;
}
