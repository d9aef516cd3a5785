/**
 * The fields of a collection upload, sent before the file (the imports area's create form, the collection list's
 * 'import collection'): the file's format, and optionally the vehicle's licence plate and the collection's total
 * weight (spec 001 §2 'import collection (a .csv file with vehicle licence plate and total weight)').
 */
import { validation } from "../../lib/errors";
import { collectionFormat } from "#contract/collection-import";
import type { ChosenImport } from "../import/upload";
import { collectionImporter, CHOOSE_FORMAT, type CollectionImportOptions } from "./import";
import { weightToGrams } from "./weights";

const PLATE_MAX = 20;
const BAD_PLATE = "SPZ může mít nejvýše 20 znaků.";
const BAD_WEIGHT = "Zadejte hmotnost jako kladné číslo (nejvýše 3 desetinná místa v kg).";

export function collectionUpload(fields: Record<string, string>): ChosenImport {
  const format = fields.format?.trim() || "Universal";
  if (!collectionFormat(format)) throw validation({ format: [CHOOSE_FORMAT] }, CHOOSE_FORMAT);
  const options: CollectionImportOptions = {};
  const plate = fields.licencePlate?.trim().toUpperCase();
  if (plate) {
    if (plate.length > PLATE_MAX) throw validation({ licencePlate: [BAD_PLATE] }, BAD_PLATE);
    options.licencePlate = plate;
  }
  const weight = fields.weight?.trim();
  if (weight) {
    const unit = fields.weightUnit === "t" ? "t" : "kg";
    const grams = weightToGrams(weight, unit);
    if (grams === null || grams === undefined || grams <= 0) throw validation({ weight: [BAD_WEIGHT] }, BAD_WEIGHT);
    options.weightKg = (grams / 1000).toFixed(3);
  }
  return { importer: collectionImporter, format, options };
}
