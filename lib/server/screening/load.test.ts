import "server-only";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadListsFromDirs, readListFile } from "./load";

const fixtures = join(import.meta.dirname, "lists/fixtures");
const folder = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe("lists read from several folders", () => {
  it("takes each list from the first folder that has it (an upload before the shipped file)", async () => {
    const uploads = folder("uploads-");
    const shipped = folder("shipped-");
    copyFileSync(join(fixtures, "eu-fsf-sample.xml"), join(shipped, "eu_fsf.xml"));
    // The upload's EU file lists one person the shipped one does not.
    writeFileSync(
      join(uploads, "eu_fsf.xml"),
      `<?xml version="1.0" encoding="UTF-8"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T10:00:00.000+01:00" globalFileId="2">
  <sanctionEntity euReferenceNumber="EU.1.1" logicalId="1">
    <subjectType code="person" classificationCode="P"/>
    <nameAlias wholeName="Uploaded Person" strong="true" logicalId="1"/>
  </sanctionEntity>
</export>`,
    );
    const [fromUpload] = await loadListsFromDirs([uploads, shipped]);
    expect(fromUpload?.version.listId).toBe("eu-fsf");
    expect(fromUpload?.entries.map((entry) => entry.names[0]?.name)).toEqual(["Uploaded Person"]);
    const [fromShipped] = await loadListsFromDirs([folder("empty-"), shipped]);
    expect(fromShipped?.entries.length).toBeGreaterThan(1);
  });

  it("reads a file that is not the list as a load with no entries and its reason, never a throw", async () => {
    const dir = folder("broken-");
    writeFileSync(join(dir, "cut.xml"), `<?xml version="1.0"?><export><sanctionEntity logicalId="1">`);
    const load = await readListFile("eu-fsf", join(dir, "cut.xml"), "eu_fsf.xml");
    expect(load.entries.length === 0 || load.version.parseErrors.length > 0).toBe(true);
  });
});
