/**
 * Demo devices (spec 001 §2 'Devices'): a terminal in a collection vehicle, a barcode scanner and a label printer
 * of Třebíč; the terminal served Velké Meziříčí before, so its detail shows a pairing history.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { device, deviceAssignment, user } from "../db/schema";

export async function seedDemoDevices(tx: Db, trebicId: number, velkeMeziriciId: number): Promise<void> {
  const [admin] = await tx.select({ id: user.id }).from(user).where(eq(user.userName, "admin"));
  const createdBy = admin?.id ?? null;
  const [terminal, scanner, printer] = await tx
    .insert(device)
    .values([
      {
        name: "Terminál – svozové vozidlo 1SE 2345",
        type: "MobileTerminal",
        serialNumber: "MT-2024-0117",
        uuid: "0f8e2c1a-7d5b-4c3e-9a61-2b4d8e6f1a01",
        simCardNumber: "8942001234567890123",
        note: "Zabudovaný v kabině vozidla RENAULT D Wide (svoz SKO).",
        lastUsedAt: new Date(Date.now() - 2 * 3600_000),
      },
      {
        name: "Čtečka – sběrný dvůr Hrotovická",
        type: "BarcodeScanner",
        serialNumber: "BS-ZEBRA-DS2278-5521",
        note: "Načítá kódy nádob a karet na sběrném dvoře.",
        lastUsedAt: new Date(Date.now() - 26 * 3600_000),
      },
      {
        name: "Tiskárna štítků – podatelna",
        type: "Printer",
        serialNumber: "PR-ZD421-88120",
        note: "Zebra ZD421 pro archy štítků nádob.",
      },
    ])
    .returning({ id: device.id });
  await tx.insert(deviceAssignment).values([
    // The terminal's history: Velké Meziříčí first, then Třebíč.
    {
      deviceId: terminal!.id,
      municipalityId: velkeMeziriciId,
      validFrom: "2024-01-01",
      validTo: "2024-12-31",
      createdBy,
    },
    { deviceId: terminal!.id, municipalityId: trebicId, validFrom: "2025-01-01", createdBy },
    { deviceId: scanner!.id, municipalityId: trebicId, validFrom: "2024-03-01", createdBy },
    { deviceId: printer!.id, municipalityId: trebicId, validFrom: "2024-06-15", createdBy },
  ]);
}
