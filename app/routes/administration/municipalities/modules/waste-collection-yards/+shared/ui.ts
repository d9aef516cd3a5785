/** Paths of the collection-yard module (spec 000 §2 …/modules/waste-collection-yards). */
export const yardsPath = (municipalityId: number) =>
  `/administration/municipalities/${municipalityId}/modules/waste-collection-yards`;
export const yardPath = (municipalityId: number, yardId: number) => `${yardsPath(municipalityId)}/${yardId}`;
export const yardWastePath = (municipalityId: number, yardId: number, yardWasteId?: number) =>
  `${yardPath(municipalityId, yardId)}/wastes/${yardWasteId ? `${yardWasteId}/edit` : "create"}`;
