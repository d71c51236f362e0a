import type { Transaction } from "../../../shared/contract";
import { csvCell, csvLine } from "../csv/cells";
import { minorUnitsToDecimalString } from "../money/format";
import { partyName, transactionCounterparty, transactionCustomer } from "../names/counterparty";
import type { NamedRecord } from "../names/labels";
import { nothingSent } from "./nothing-sent";

export const TRANSACTION_CSV_COLUMNS = [
  "id",
  "created_at",
  "status",
  "type",
  "customer_id",
  "platform_customer_id",
  "customer_name",
  "source",
  "destination",
  "counterparty_name",
  "sent_amount",
  "sent_currency",
  "received_amount",
  "received_currency",
  "exchange_rate",
  "fees",
  "reference",
  "description",
  "failure_reason",
  "failure_detail",
  "rejection_reason",
  "settled_at",
  "quote_id",
] as const;

export const TRANSACTION_CSV_HEADER = csvLine([...TRANSACTION_CSV_COLUMNS]);

function endpointLabel(endpoint: Record<string, unknown> | undefined): string | undefined {
  if (!endpoint) return undefined;
  for (const key of ["accountId", "umaAddress"]) {
    const value = endpoint[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** A text field the contract's type does not name (the service's additions), when the transaction carries one. */
function textField(transaction: Transaction, key: string): string | undefined {
  const value = (transaction as Record<string, unknown>)[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * A transaction as one CSV line. Amounts are exact decimals in major units (`1234.56`), the form spreadsheets
 * read as numbers; timestamps stay ISO 8601 in UTC as the API sent them. The customer and the counterparty (the
 * sender of money received, the recipient of money sent) are named as the transactions list names them, from
 * `names` (GET /api/names's answer for the ids) and the name a UMA counterparty shared, which the caller has masked
 * for the reader's role; a name not found leaves its cell empty beside the id.
 */
export function transactionCsvLine(
  transaction: Transaction,
  names: Readonly<Record<string, NamedRecord>> = {},
): string {
  const sent = transaction.sentAmount;
  const received = transaction.receivedAmount;
  const number = (value: string | number | undefined) => csvCell(value, { text: false });
  return csvLine([
    csvCell(transaction.id),
    number(transaction.createdAt),
    csvCell(transaction.status),
    csvCell(transaction.type),
    csvCell(transaction.customerId),
    csvCell(transaction.platformCustomerId),
    csvCell(partyName(transactionCustomer(transaction), names)),
    csvCell(endpointLabel(transaction.source)),
    csvCell(endpointLabel(transaction.destination)),
    csvCell(partyName(transactionCounterparty(transaction), names)),
    number(sent ? minorUnitsToDecimalString(sent.amount, sent.currency.decimals) : undefined),
    csvCell(sent?.currency.code ?? transaction.source?.currency),
    number(received ? minorUnitsToDecimalString(received.amount, received.currency.decimals) : undefined),
    csvCell(received?.currency.code ?? transaction.destination.currency),
    number(transaction.exchangeRate),
    // Fees are counted in the sending currency; without its decimals they cannot be placed, so they are left out.
    // An outgoing payment that sent nothing charged none: its `fees` are its quote's, and a column summed in a
    // spreadsheet would count them (its amounts are kept: what it was to send and deliver, as its page says).
    number(
      transaction.fees !== undefined && sent
        ? minorUnitsToDecimalString(nothingSent(transaction) ? 0 : transaction.fees, sent.currency.decimals)
        : undefined,
    ),
    csvCell(transaction.reconciliationInstructions?.reference),
    csvCell(transaction.description),
    csvCell(transaction.failureReason),
    // Beyond the API's reference, as the local service and the page give them: why a transfer failed, and the
    // reason a rejected payment was refused with (withheld by the caller from a role that may not read it).
    csvCell(textField(transaction, "failureDetail")),
    csvCell(textField(transaction, "rejectionReason")),
    number(transaction.settledAt),
    csvCell(transaction.quoteId),
  ]);
}
