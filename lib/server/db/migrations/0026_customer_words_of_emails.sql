-- customer_name_words now keeps the words of each customer's email and UMA address beside their name's (decision
-- 0095, amended): the sweep reads every customer once more, so that the ones it read before hold them too.
UPDATE "console_settings" SET "value" = "value" || '{"sweptUntil": null}'::jsonb WHERE "key" LIKE 'customer-sweep:%';
