-- The reference requires the variable fee's rate (strictly greater than 0) and amount in every rate details object,
-- incoming payments too (api-notes §8; issue 49, item 8). Payments recorded before every direction had a variable
-- fee were charged none: they keep their amount (0), beside the rate the fee schedule now has for their direction
-- (service/domain/rates.ts), so that an existing database still answers by the contract.
UPDATE "transactions"
SET "rate_details" = jsonb_build_object(
    'serviceApiVariableFeeRate', CASE WHEN "type" = 'INCOMING' THEN 0.001 ELSE 0.003 END,
    'serviceApiVariableFeeAmount', 0
  ) || "rate_details"
WHERE "rate_details" IS NOT NULL
  AND NOT ("rate_details" ? 'serviceApiVariableFeeRate' AND "rate_details" ? 'serviceApiVariableFeeAmount');
