/** Server pieces of the evidence record screens: the waste types of the select and the filter. */
import type { WasteTypeItem } from "#contract/waste-settings";
import type { ApiClient } from "~/server/api.server";

/**
 * The municipality's waste types (GET waste-type; municipality.aDetail). A user without that permission (a driver)
 * gets no choices instead of the 403 page: the record then takes its bin's waste.
 */
export async function loadWasteTypes(api: ApiClient, municipalityId: number): Promise<WasteTypeItem[]> {
  if (!(api.session.get("permissions") ?? []).includes("municipality.aDetail")) return [];
  const res = await api.result.wasteSettings.wasteTypes({ municipalityId, counts: false });
  return res.ok ? res.data.items : [];
}
