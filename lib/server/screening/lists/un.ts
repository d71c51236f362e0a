import "server-only";
import type { EntryDateOfBirth, EntryName, ListEntry, ListLoad } from "../../../universal/screening/types";
import {
  type ByteSource,
  clean,
  countryOrText,
  hashed,
  isoDate,
  LoadBuilder,
  newHash,
  scriptOf,
} from "./common";
import { children, streamXml, textOf, type XmlNode } from "./xml";

/** UN Security Council consolidated list XML (CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL, ENTITIES/ENTITY). */
export async function readUnConsolidated(
  source: ByteSource,
  sourceName = "UN consolidated XML",
): Promise<ListLoad> {
  const load = new LoadBuilder("un", sourceName);
  const hash = newHash();
  let issuedOn: string | null = null;
  try {
    await streamXml(hashed(source, hash), {
      onOpen: (name, attrs) => {
        if (name === "CONSOLIDATED_LIST" && attrs.dateGenerated) issuedOn = attrs.dateGenerated.slice(0, 10);
      },
      isRecord: (path) =>
        path.length === 3 &&
        ((path[1] === "INDIVIDUALS" && path[2] === "INDIVIDUAL") ||
          (path[1] === "ENTITIES" && path[2] === "ENTITY")),
      onRecord: (node) => {
        try {
          load.add(toEntry(node));
        } catch (e) {
          load.error(textOf(node, "DATAID") || node.name, (e as Error).message);
        }
      },
    });
  } catch (e) {
    load.error("document", `XML stopped: ${(e as Error).message}`);
  }
  return load.finish(hash, issuedOn);
}

function toEntry(node: XmlNode): ListEntry {
  const person = node.name === "INDIVIDUAL";
  const id = textOf(node, "DATAID");
  if (!id) throw new Error("record without DATAID");
  const primary = clean(
    ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((f) => textOf(node, f)).join(" "),
  );
  const names: EntryName[] = [];
  if (primary) names.push({ name: primary, quality: "strong", script: scriptOf(primary), kind: "primary" });
  const original = clean(textOf(node, "NAME_ORIGINAL_SCRIPT"));
  if (original)
    names.push({ name: original, quality: "strong", script: scriptOf(original), kind: "original-script" });
  for (const alias of children(node, person ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS")) {
    const name = clean(textOf(alias, "ALIAS_NAME"));
    if (!name) continue;
    const quality = textOf(alias, "QUALITY").toLowerCase();
    names.push({
      name,
      quality: quality === "low" ? "weak" : "strong",
      script: scriptOf(name),
      kind: quality === "f.k.a." ? "fka" : "aka",
    });
  }
  const datesOfBirth: EntryDateOfBirth[] = [];
  for (const dob of children(node, "INDIVIDUAL_DATE_OF_BIRTH")) {
    const type = textOf(dob, "TYPE_OF_DATE");
    const date = isoDate(textOf(dob, "DATE")) ?? isoDate(textOf(dob, "YEAR"));
    if (type === "BETWEEN") {
      const from = isoDate(textOf(dob, "FROM_YEAR"));
      const to = isoDate(textOf(dob, "TO_YEAR"));
      if (from && to) datesOfBirth.push({ type: "range", from, to });
    } else if (date) {
      datesOfBirth.push({ type: type === "APPROXIMATELY" ? "approximate" : "exact", date });
    }
  }
  const nationalities = children(node, "NATIONALITY")
    .flatMap((n) => children(n, "VALUE"))
    .map((v) => countryOrText(v.text))
    .filter((c): c is string => !!c);
  const countries = [
    ...children(node, person ? "INDIVIDUAL_ADDRESS" : "ENTITY_ADDRESS"),
    ...children(node, "INDIVIDUAL_PLACE_OF_BIRTH"),
  ]
    .map((a) => countryOrText(textOf(a, "COUNTRY")))
    .filter((c): c is string => !!c);
  const identifiers = children(node, "INDIVIDUAL_DOCUMENT")
    .map((d) => ({
      type: clean(textOf(d, "TYPE_OF_DOCUMENT")) || "document",
      value: clean(textOf(d, "NUMBER")),
      country: countryOrText(textOf(d, "ISSUING_COUNTRY")) ?? undefined,
    }))
    .filter((d) => d.value);
  return {
    listId: "un",
    entryId: textOf(node, "REFERENCE_NUMBER") || id,
    kind: person ? "person" : "entity",
    names,
    datesOfBirth,
    nationalities: [...new Set(nationalities)],
    countries: [...new Set(countries)],
    identifiers,
    remarks: clean(textOf(node, "COMMENTS1")) || undefined,
  };
}
