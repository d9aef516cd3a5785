/** Paths of the distribution-centre module (spec 000 §2 …/modules/distribution-centers). */
export const centresPath = (municipalityId: number) =>
  `/administration/municipalities/${municipalityId}/modules/distribution-centers`;
export const centrePath = (municipalityId: number, centreId: number) => `${centresPath(municipalityId)}/${centreId}`;
/** The distribution reports screen (spec 000 §2 /waste-collection-evidence/distribution-reports), one centre's. */
export const centreReportsPath = (centreId: number) =>
  `/waste-collection-evidence/distribution-reports?centreId=${centreId}`;
