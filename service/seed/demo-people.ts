import type { KycStatus } from "../../shared/contract";
import type { IbanCountry } from "./bank-numbers";

/** Where a demo customer banks: their home currency and, for euros, the IBAN's country. */
export type Home = { currency: "USD" } | { currency: "MXN" } | { currency: "EUR"; ibanCountry: IbanCountry };

interface Address {
  line1: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
}

interface Common {
  platformCustomerId: string;
  handle: string;
  address: Address;
  home: Home;
  kycStatus: KycStatus;
  /** Days after the history's start when they joined the platform. */
  joinedOnDay: number;
}

export type DemoPerson =
  | (Common & { customerType: "INDIVIDUAL"; fullName: string; birthDate: string; nationality: string })
  | (Common & { customerType: "BUSINESS"; legalName: string; registrationNumber: string; taxId: string });

const USD: Home = { currency: "USD" };
const MXN: Home = { currency: "MXN" };
const EUR_DE: Home = { currency: "EUR", ibanCountry: "DE" };
const EUR_AT: Home = { currency: "EUR", ibanCountry: "AT" };
const EUR_IE: Home = { currency: "EUR", ibanCountry: "IE" };

const person = (
  platformCustomerId: string,
  handle: string,
  fullName: string,
  birthDate: string,
  nationality: string,
  address: Address,
  home: Home,
  joinedOnDay: number,
  kycStatus: KycStatus = "APPROVED",
): DemoPerson => ({
  customerType: "INDIVIDUAL",
  platformCustomerId,
  handle,
  fullName,
  birthDate,
  nationality,
  address,
  home,
  joinedOnDay,
  kycStatus,
});

const business = (
  platformCustomerId: string,
  handle: string,
  legalName: string,
  registrationNumber: string,
  taxId: string,
  address: Address,
  home: Home,
  joinedOnDay: number,
  kycStatus: KycStatus = "APPROVED",
): DemoPerson => ({
  customerType: "BUSINESS",
  platformCustomerId,
  handle,
  legalName,
  registrationNumber,
  taxId,
  address,
  home,
  joinedOnDay,
  kycStatus,
});

/**
 * The customers who join during the demo's history, besides the three of the demo seed: people and businesses
 * from several countries, most approved, some still in review or refused (statuses of the API's contract).
 */
export const DEMO_PEOPLE: DemoPerson[] = [
  person(
    "user-1003",
    "sofia.hernandez",
    "Sofía Hernández Ruiz",
    "1994-07-21",
    "MX",
    { line1: "Calle Morelos 45", city: "Guadalajara", state: "JAL", postalCode: "44100", country: "MX" },
    MXN,
    0,
  ),
  person(
    "user-1004",
    "lukas.weber",
    "Lukas Weber",
    "1988-02-09",
    "DE",
    { line1: "Torstraße 112", city: "Berlin", postalCode: "10119", country: "DE" },
    EUR_DE,
    0,
  ),
  person(
    "user-1005",
    "emily.chen",
    "Emily Chen",
    "1996-12-03",
    "US",
    { line1: "1 Market Street", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" },
    USD,
    1,
  ),
  person(
    "user-1006",
    "mateo.garcia",
    "Mateo García",
    "1990-05-30",
    "ES",
    { line1: "Calle de Alcalá 88", city: "Madrid", postalCode: "28009", country: "ES" },
    EUR_DE,
    2,
  ),
  person(
    "user-1007",
    "aisha.okafor",
    "Aisha Okafor",
    "1987-09-14",
    "NG",
    { line1: "200 Congress Avenue", city: "Austin", state: "TX", postalCode: "78701", country: "US" },
    USD,
    3,
  ),
  business(
    "org-2002",
    "tacos-el-sol",
    "Taquería El Sol S.A. de C.V.",
    "MX-RPC-88231",
    "TES1503127A1",
    {
      line1: "Av. Insurgentes Sur 1602",
      city: "Ciudad de México",
      state: "CDMX",
      postalCode: "03940",
      country: "MX",
    },
    MXN,
    4,
  ),
  person(
    "user-1008",
    "chloe.martin",
    "Chloé Martin",
    "1992-03-27",
    "FR",
    { line1: "12 Rue de Rivoli", city: "Paris", postalCode: "75004", country: "FR" },
    EUR_IE,
    5,
  ),
  person(
    "user-1009",
    "diego.salazar",
    "Diego Salazar",
    "1983-11-11",
    "MX",
    { line1: "Av. Constitución 300", city: "Monterrey", state: "NL", postalCode: "64000", country: "MX" },
    MXN,
    6,
  ),
  business(
    "org-2003",
    "brightline",
    "Brightline Logistics LLC",
    "DE-5510231",
    "84-2210937",
    { line1: "500 Pier Avenue", city: "Miami", state: "FL", postalCode: "33131", country: "US" },
    USD,
    7,
  ),
  person(
    "user-1010",
    "anna.gruber",
    "Anna Gruber",
    "1995-06-18",
    "AT",
    { line1: "Mariahilfer Straße 77", city: "Wien", postalCode: "1060", country: "AT" },
    EUR_AT,
    9,
  ),
  person(
    "user-1011",
    "kenji.tanaka",
    "Kenji Tanaka",
    "1979-01-25",
    "JP",
    { line1: "88 Kearny Street", city: "San Francisco", state: "CA", postalCode: "94108", country: "US" },
    USD,
    11,
  ),
  person(
    "user-1012",
    "valentina.rossi",
    "Valentina Rossi",
    "1998-08-08",
    "IT",
    { line1: "Via Torino 21", city: "Milano", postalCode: "20123", country: "IT" },
    EUR_DE,
    13,
  ),
  business(
    "org-2004",
    "alpenkaffee",
    "Alpenkaffee Rösterei GmbH",
    "FN 412233 m",
    "ATU68543219",
    { line1: "Getreidegasse 9", city: "Salzburg", postalCode: "5020", country: "AT" },
    EUR_AT,
    15,
  ),
  person(
    "user-1013",
    "liam.obrien",
    "Liam O'Brien",
    "1991-04-02",
    "IE",
    { line1: "14 Grafton Street", city: "Dublin", postalCode: "D02 VF65", country: "IE" },
    EUR_IE,
    17,
  ),
  person(
    "user-1014",
    "camila.torres",
    "Camila Torres",
    "1999-10-15",
    "MX",
    { line1: "Calle 60 No. 491", city: "Mérida", state: "YUC", postalCode: "97000", country: "MX" },
    MXN,
    19,
  ),
  person(
    "user-1015",
    "noah.johnson",
    "Noah Johnson",
    "1986-07-07",
    "US",
    { line1: "233 South Wacker Drive", city: "Chicago", state: "IL", postalCode: "60606", country: "US" },
    USD,
    22,
  ),
  business(
    "org-2005",
    "casa-verde",
    "Casa Verde Importaciones S.A.",
    "MX-RPC-10477",
    "CVI190522K38",
    { line1: "Blvd. Kukulcán km 9", city: "Cancún", state: "QROO", postalCode: "77500", country: "MX" },
    MXN,
    25,
  ),
  person(
    "user-1016",
    "priya.sharma",
    "Priya Sharma",
    "1993-02-19",
    "IN",
    { line1: "45 Hudson Yards", city: "New York", state: "NY", postalCode: "10001", country: "US" },
    USD,
    28,
  ),
  person(
    "user-1017",
    "jonas.becker",
    "Jonas Becker",
    "1984-12-30",
    "DE",
    { line1: "Königsallee 60", city: "Düsseldorf", postalCode: "40212", country: "DE" },
    EUR_DE,
    32,
    "PENDING_REVIEW",
  ),
  business(
    "org-2006",
    "northpeak",
    "Northpeak Software Inc.",
    "C4419087",
    "47-3310982",
    { line1: "1201 Third Avenue", city: "Seattle", state: "WA", postalCode: "98101", country: "US" },
    USD,
    36,
  ),
  person(
    "user-1018",
    "lucia.paredes",
    "Lucía Paredes",
    "1997-05-05",
    "MX",
    { line1: "Av. Juárez 1200", city: "Puebla", state: "PUE", postalCode: "72000", country: "MX" },
    MXN,
    40,
    "REJECTED",
  ),
  person(
    "user-1019",
    "marco.bianchi",
    "Marco Bianchi",
    "1989-09-09",
    "IT",
    { line1: "Via del Corso 150", city: "Roma", postalCode: "00186", country: "IT" },
    EUR_AT,
    44,
    "MANUALLY_APPROVED",
  ),
  business(
    "org-2007",
    "harbor-sons",
    "Harbor & Sons Trading Ltd",
    "IE-654321",
    "IE6543210T",
    { line1: "3 Custom House Quay", city: "Dublin", postalCode: "D01 R2P9", country: "IE" },
    EUR_IE,
    48,
    "PENDING_REVIEW",
  ),
  person(
    "user-1020",
    "olivia.brown",
    "Olivia Brown",
    "2000-01-31",
    "US",
    {
      line1: "1600 Pennsylvania Ave SE",
      city: "Washington",
      state: "DC",
      postalCode: "20003",
      country: "US",
    },
    USD,
    52,
    "REJECTED",
  ),
  person(
    "user-1021",
    "tomas.novak",
    "Tomáš Novák",
    "1982-06-12",
    "CZ",
    { line1: "Praterstraße 1", city: "Wien", postalCode: "1020", country: "AT" },
    EUR_AT,
    55,
    "PENDING_REVIEW",
  ),
];
