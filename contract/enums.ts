/** Enumerations of spec 001 §9 shared by the API, the database and the forms. */
export const MUNICIPALITY_PERIODS = ["Month", "Quarter", "HalfYear", "Year"] as const;
export const MUNICIPALITY_KINDS = ["Small", "Medium", "Large", "Custom"] as const;
export const MUNICIPALITY_TYPES = ["Municipality", "Microregion", "Company", "CollectionAgency"] as const;
export const DUPLICATE_HANDLING_STRATEGIES = ["Ignore", "Merge", "NoAction", "Overwrite"] as const;
export const COUNTRIES = ["CZ", "SK"] as const;
/** Label types printed on the coded labels (spec 001 §3 Municipality 'label type'). */
export const LABEL_TYPES = ["Barcode", "QrCode", "BarcodeAndQrCode", "Rfid"] as const;
/** Spec 001 §3 Municipality 'contacts (name, type, phone, email)', spec 001 §6 contact types. */
export const CONTACT_TYPES = ["MunicipalityAdmin", "ReuseCenterAdmin"] as const;
/** Spec 001 §3 Municipality modules. */
export const MUNICIPALITY_MODULES = [
  "WasteAndBins",
  "ContractTemplate",
  "PaymentTemplate",
  "MotivationPrograms",
  "FixedDiscounts",
  "ResidentGroups",
  "ResidentModule",
  "CollectionYard",
  "ReuseCenter",
  "DistributionCenters",
  "ResidentAccess",
] as const;
/** Spec 001 §3 External account 'type'; spec 001 §9 external system types. */
export const EXTERNAL_ACCOUNT_TYPES = ["ARCO", "EltePgsSepan", "Partitalia", "Ekokom", "Other"] as const;
export const VAT_RATES = [0, 10, 15, 20, 21] as const;
export const SUBJECT_TYPES = [
  "Household",
  "Apartment",
  "ApartmentBuilding",
  "Company",
  "Cottage",
  "Municipality",
  "Nest",
  "Trashbin",
] as const;
export const PAYMENT_TYPES = ["Cash", "Invoice", "Transfer"] as const;
export const DEVICE_TYPES = [
  "ARCO",
  "BarcodeScanner",
  "DiscoveryMobile",
  "Generic",
  "MobileTerminal",
  "PARTITALIA",
  "Printer",
  "Tablet",
] as const;
export const LANGUAGES = ["cs", "sk", "en"] as const;

export type MunicipalityPeriod = (typeof MUNICIPALITY_PERIODS)[number];
export type MunicipalityKind = (typeof MUNICIPALITY_KINDS)[number];
export type MunicipalityType = (typeof MUNICIPALITY_TYPES)[number];
export type DuplicateHandlingStrategy = (typeof DUPLICATE_HANDLING_STRATEGIES)[number];
export type Country = (typeof COUNTRIES)[number];
export type LabelType = (typeof LABEL_TYPES)[number];
export type ContactType = (typeof CONTACT_TYPES)[number];
export type MunicipalityModule = (typeof MUNICIPALITY_MODULES)[number];
export type Language = (typeof LANGUAGES)[number];
