/** The import types the product reads, each with its importer (spec 001 §9 import types; issue 13). */
import type { Importer } from "./runner";
import { wasteCardImporter } from "../waste-card/import";
import { collectionImporter } from "../waste-collection/import";

export const IMPORTERS: ReadonlyMap<string, Importer> = new Map([collectionImporter, wasteCardImporter].map((i) => [i.type, i]));
