import "server-only";
import type {
  EntryDateOfBirth,
  EntryIdentifier,
  EntryKind,
  EntryName,
  ListLoad,
} from "../../../universal/screening/types";
import { type ByteSource, clean, countryOrText, hashed, LoadBuilder, newHash, scriptOf } from "./common";
import { child, children, descendants, streamXml, textOf, type XmlNode } from "./xml";

type Refs = {
  byType: Map<string, Map<string, { text: string; attrs: Record<string, string> }>>;
};

const pad = (n: string) => n.padStart(2, "0");

function datePart(node: XmlNode | undefined): { y: string; m: string; d: string } | null {
  if (!node) return null;
  const y = textOf(node, "Year");
  if (!y) return null;
  return { y, m: pad(textOf(node, "Month") || "1"), d: pad(textOf(node, "Day") || "1") };
}

/** A DatePeriod as a date of birth: one day, one whole year, or a range. */
function periodToDob(period: XmlNode): EntryDateOfBirth | null {
  const start = child(period, "Start");
  const end = child(period, "End");
  const from = datePart(child(start, "From"));
  const to = datePart(child(end, "To")) ?? datePart(child(end, "From")) ?? from;
  if (!from || !to) return null;
  const approximate = start?.attrs.Approximate === "true" || end?.attrs.Approximate === "true";
  const fromIso = `${from.y}-${from.m}-${from.d}`;
  const toIso = `${to.y}-${to.m}-${to.d}`;
  let dob: EntryDateOfBirth;
  if (fromIso === toIso) dob = { type: "exact", date: fromIso };
  else if (from.y === to.y && from.m === "01" && from.d === "01" && to.m === "12" && to.d === "31")
    dob = { type: "exact", date: from.y };
  else if (from.y === to.y && from.m === to.m && from.d === "01")
    dob = { type: "exact", date: `${from.y}-${from.m}` };
  else dob = { type: "range", from: fromIso, to: toIso };
  if (approximate && dob.type === "exact") return { type: "approximate", date: dob.date };
  return dob;
}

/**
 * OFAC "Advanced" XML (sdn_advanced.xsd): reference value sets, locations, documents and parties joined by id.
 * Each section is read record by record; parties are resolved once the whole file has been read, so the reader
 * does not depend on the order of the sections.
 */
export async function readOfacAdvanced(
  source: ByteSource,
  sourceName = "OFAC Advanced XML",
): Promise<ListLoad> {
  const load = new LoadBuilder("ofac-advanced", sourceName);
  const hash = newHash();
  const refs: Refs = { byType: new Map() };
  const locations = new Map<string, XmlNode>();
  const documents = new Map<string, XmlNode[]>();
  const parties: XmlNode[] = [];
  let issuedOn: string | null = null;
  try {
    await streamXml(hashed(source, hash), {
      isRecord: (p) =>
        (p.length === 2 && (p[1] === "DateOfIssue" || p[1] === "ReferenceValueSets")) ||
        (p.length === 3 &&
          ((p[1] === "Locations" && p[2] === "Location") ||
            (p[1] === "IDRegDocuments" && p[2] === "IDRegDocument") ||
            (p[1] === "DistinctParties" && p[2] === "DistinctParty"))),
      onRecord: (node) => {
        switch (node.name) {
          case "DateOfIssue": {
            const d = datePart(node);
            if (d) issuedOn = `${d.y}-${d.m}-${d.d}`;
            break;
          }
          case "ReferenceValueSets":
            for (const set of node.children) {
              for (const v of set.children) {
                const m = refs.byType.get(v.name) ?? new Map();
                refs.byType.set(v.name, m);
                if (v.attrs.ID) m.set(v.attrs.ID, { text: v.text.trim(), attrs: v.attrs });
              }
            }
            break;
          case "Location":
            if (node.attrs.ID) locations.set(node.attrs.ID, node);
            break;
          case "IDRegDocument": {
            const identity = node.attrs.IdentityID ?? "";
            documents.set(identity, [...(documents.get(identity) ?? []), node]);
            break;
          }
          default:
            parties.push(node);
        }
      },
    });
  } catch (e) {
    load.error("document", `XML stopped: ${(e as Error).message}`);
  }
  const ref = (type: string, id: string | undefined) => (id ? refs.byType.get(type)?.get(id) : undefined);
  const countryOfId = (id: string | undefined) => {
    const c = ref("Country", id);
    return c ? (c.attrs.ISO2 ?? countryOrText(c.text)) : null;
  };
  const locationCountry = (id: string | undefined): string | null => {
    const loc = id ? locations.get(id) : undefined;
    if (!loc) return null;
    const c = countryOfId(child(loc, "LocationCountry")?.attrs.CountryID);
    if (c) return c;
    const area = ref("AreaCode", child(loc, "LocationAreaCode")?.attrs.AreaCodeID);
    return area && area.text.length === 2 ? area.text.toUpperCase() : null;
  };

  for (const party of parties) {
    const id = party.attrs.FixedRef ?? "";
    try {
      const profile = child(party, "Profile");
      if (!profile || !id) throw new Error("party without a profile");
      const subType = ref("PartySubType", profile.attrs.PartySubTypeID);
      const partyType = ref("PartyType", subType?.attrs.PartyTypeID)?.text ?? "";
      let kind: EntryKind = "entity";
      if (partyType === "Individual") kind = "person";
      else if (subType?.text === "Vessel") kind = "vessel";
      else if (subType?.text === "Aircraft") kind = "aircraft";
      const names: EntryName[] = [];
      const identifiers: EntryIdentifier[] = [];
      for (const identity of children(profile, "Identity")) {
        for (const alias of children(identity, "Alias")) {
          const aliasType = ref("AliasType", alias.attrs.AliasTypeID)?.text ?? "";
          for (const documented of children(alias, "DocumentedName")) {
            const name = clean(
              descendants(documented, "NamePartValue")
                .map((v) => v.text)
                .join(" "),
            );
            if (!name) continue;
            names.push({
              name,
              quality: alias.attrs.LowQuality === "true" ? "weak" : "strong",
              script: scriptOf(name),
              kind:
                alias.attrs.Primary === "true"
                  ? "primary"
                  : aliasType.toLowerCase().replace(/\./g, "") || "aka",
            });
          }
        }
        for (const doc of documents.get(identity.attrs.ID ?? "") ?? []) {
          const number = clean(textOf(doc, "IDRegistrationNo"));
          if (!number) continue;
          identifiers.push({
            type: ref("IDRegDocType", doc.attrs.IDRegDocTypeID)?.text ?? "document",
            value: number,
            country: countryOfId(doc.attrs["IssuedBy-CountryID"]) ?? undefined,
          });
        }
      }
      const datesOfBirth: EntryDateOfBirth[] = [];
      const nationalities: string[] = [];
      const countries: string[] = [];
      for (const feature of children(profile, "Feature")) {
        const type = ref("FeatureType", feature.attrs.FeatureTypeID)?.text ?? "";
        for (const version of children(feature, "FeatureVersion")) {
          const period = child(version, "DatePeriod");
          const location = locationCountry(child(version, "VersionLocation")?.attrs.LocationID);
          const detail = clean(textOf(version, "VersionDetail"));
          if (type === "Birthdate" && period) {
            const dob = periodToDob(period);
            if (dob) datesOfBirth.push(dob);
          } else if (/Citizenship|Nationality/.test(type)) {
            const c = location ?? countryOrText(detail);
            if (c) nationalities.push(c);
          } else if (location) {
            countries.push(location);
          } else if (detail && /BIC|Email|Website|IMO|MMSI|BIK|Registration/i.test(type)) {
            identifiers.push({ type, value: detail });
          }
        }
      }
      load.add({
        listId: "ofac-advanced",
        entryId: id,
        kind,
        names,
        datesOfBirth,
        nationalities: [...new Set(nationalities)],
        countries: [...new Set(countries)],
        identifiers,
        remarks: clean(textOf(party, "Comment")) || undefined,
      });
    } catch (e) {
      load.error(id || "DistinctParty", (e as Error).message);
    }
  }
  return load.finish(hash, issuedOn);
}
