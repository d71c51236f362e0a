import "server-only";
import type {
  EntryDateOfBirth,
  EntryKind,
  EntryName,
  ListEntry,
  ListLoad,
} from "../../../universal/screening/types";
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
import { children, streamXml, type XmlNode } from "./xml";

/**
 * EU consolidated financial sanctions list, FSF XML 1.1: export/sanctionEntity with nameAlias@wholeName,
 * birthdate@birthdate (or @year), citizenship@countryIso2Code, address@countryIso2Code, identification@number.
 */
export async function readEuFsf(source: ByteSource, sourceName = "EU FSF XML"): Promise<ListLoad> {
  const load = new LoadBuilder("eu-fsf", sourceName);
  const hash = newHash();
  let issuedOn: string | null = null;
  try {
    await streamXml(hashed(source, hash), {
      onOpen: (name, attrs) => {
        if (name === "export" && attrs.generationDate) issuedOn = attrs.generationDate.slice(0, 10);
      },
      isRecord: (path) => path.length === 2 && path[1] === "sanctionEntity",
      onRecord: (node) => {
        try {
          load.add(toEntry(node));
        } catch (e) {
          load.error(node.attrs.logicalId ?? "sanctionEntity", (e as Error).message);
        }
      },
    });
  } catch (e) {
    load.error("document", `XML stopped: ${(e as Error).message}`);
  }
  return load.finish(hash, issuedOn);
}

function kindOf(node: XmlNode): EntryKind {
  const code = children(node, "subjectType")[0]?.attrs.code ?? "";
  if (code === "person") return "person";
  if (code === "vessel") return "vessel";
  if (code === "aircraft") return "aircraft";
  return "entity";
}

function toEntry(node: XmlNode): ListEntry {
  const id = node.attrs.logicalId ?? node.attrs.euReferenceNumber;
  if (!id) throw new Error("sanctionEntity without logicalId");
  const names: EntryName[] = [];
  for (const alias of children(node, "nameAlias")) {
    const name =
      clean(alias.attrs.wholeName) ||
      clean([alias.attrs.firstName, alias.attrs.middleName, alias.attrs.lastName].filter(Boolean).join(" "));
    if (!name) continue;
    names.push({
      name,
      quality: alias.attrs.strong === "false" ? "weak" : "strong",
      script: scriptOf(name),
      kind: names.length === 0 ? "primary" : "aka",
    });
  }
  const datesOfBirth: EntryDateOfBirth[] = [];
  for (const b of children(node, "birthdate")) {
    const date = isoDate(b.attrs.birthdate ?? "") ?? isoDate(b.attrs.year ?? "");
    const circa = b.attrs.circa === "true";
    if (date) datesOfBirth.push({ type: circa ? "approximate" : "exact", date });
    else if (b.attrs.yearRangeFrom && b.attrs.yearRangeTo) {
      const from = isoDate(b.attrs.yearRangeFrom);
      const to = isoDate(b.attrs.yearRangeTo);
      if (from && to) datesOfBirth.push({ type: "range", from, to });
    }
  }
  const code = (n: XmlNode) =>
    n.attrs.countryIso2Code && n.attrs.countryIso2Code !== "00"
      ? n.attrs.countryIso2Code.toUpperCase()
      : countryOrText(n.attrs.countryDescription);
  const nationalities = children(node, "citizenship")
    .map(code)
    .filter((c): c is string => !!c);
  const countries = [...children(node, "address"), ...children(node, "birthdate")]
    .map(code)
    .filter((c): c is string => !!c);
  const identifiers = children(node, "identification")
    .filter((i) => clean(i.attrs.number))
    .map((i) => ({
      type:
        clean(i.attrs.identificationTypeDescription) || clean(i.attrs.identificationTypeCode) || "document",
      value: clean(i.attrs.number),
      country: code(i) ?? undefined,
    }));
  const remark = children(node, "remark")
    .map((r) => clean(r.text))
    .filter(Boolean)
    .join("; ");
  return {
    listId: "eu-fsf",
    entryId: id,
    kind: kindOf(node),
    names,
    datesOfBirth,
    nationalities: [...new Set(nationalities)],
    countries: [...new Set(countries)],
    identifiers,
    remarks: remark || undefined,
  };
}
