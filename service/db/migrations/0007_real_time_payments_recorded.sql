-- A real-time funded quote's payment is recorded, and so listed, before its money arrives: PENDING from the quote's
-- execution, EXPIRED when the quote expired unexecuted (service/domain/quotes.ts, recordRealTimePayment). Before, it
-- was only answered by GET /transactions/{id}, from the quote. Quotes in those states get their record here, as the
-- service now makes it: the quote's amounts, parties and instructions, the instructions' reference, created when
-- executed (the quote's last change) or at expiresAt. Nothing moves; no webhook is sent for these past changes.
INSERT INTO "transactions" (
  "id", "status", "type", "customer_id", "platform_customer_id", "source_account_id", "source_currency",
  "destination_account_id", "destination_currency", "sender_uma_address", "receiver_uma_address", "sent_amount",
  "received_amount", "fees", "exchange_rate", "rate_details", "quote_id", "description", "payment_instructions",
  "reference", "created_at", "updated_at"
)
SELECT q."transaction_id",
       CASE WHEN q."status" = 'EXPIRED' THEN 'EXPIRED' ELSE 'PENDING' END,
       'OUTGOING', q."customer_id", c."platform_customer_id", q."source_account_id", q."sending_currency",
       q."destination_account_id", q."receiving_currency", q."sending_uma_address", q."destination_uma_address",
       q."total_sending_amount", q."total_receiving_amount", q."fees_included", q."exchange_rate", q."rate_details",
       q."id", q."description", q."payment_instructions",
       COALESCE(q."payment_instructions" -> 0 ->> 'reference', q."id"),
       CASE WHEN q."status" = 'EXPIRED' THEN q."expires_at" ELSE q."updated_at" END,
       CASE WHEN q."status" = 'EXPIRED' THEN q."expires_at" ELSE q."updated_at" END
  FROM "quotes" q
  LEFT JOIN "customers" c ON c."id" = q."customer_id"
 WHERE q."real_time_funding"
   AND q."funded_at" IS NULL
   AND (q."status" = 'PROCESSING' OR q."status" = 'EXPIRED')
   AND NOT EXISTS (SELECT 1 FROM "transactions" t WHERE t."id" = q."transaction_id");
